import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pagePath, type Audience } from '../../../lib/audience';
import { useAfterRead } from '../../../lib/use-after-read';
import { ContentArticle } from '../../../ui/content-article';
import { MasterDetail, type MasterGroup } from '../../../ui/master-detail';
import { Card } from '../../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { informationKeys, informationQueries, type InformationKind } from '../api';
import { groupByMenu } from '../group-by-menu';
import { informationTexts } from '../texts';

const SEGMENT: Record<InformationKind, string> = { information: 'informatie', faq: 'faq' };

/**
 * Information (grouped by menu) or FAQ (one list): the items beside the open one, whose detail shows
 * image, access banner, title, icons, indicators, content and the partners doing the work.
 */
export function InformationPage({ audience, kind, itemId, onRead }: { audience: Audience; kind: InformationKind; itemId: number | null; onRead?: () => void }) {
  const texts = informationTexts[kind];
  const queryClient = useQueryClient();
  const list = useQuery(informationQueries.list(audience, kind));
  const menus = useQuery({ ...informationQueries.menu(audience), enabled: kind === 'information' });
  const items = list.data ?? [];
  const listed = itemId === null ? undefined : items.find((i) => i.id === itemId);
  const isOccupant = audience.kind === 'occupant';
  const detail = useQuery({ ...informationQueries.item(audience, listed?.id ?? 0), enabled: isOccupant && !!listed });
  useAfterRead(listed?.id ?? null, detail.isSuccess, !!listed?.is_new, () => {
    void queryClient.invalidateQueries({ queryKey: informationKeys.list(audience, kind) });
    onRead?.();
  });

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (!items.length) return <EmptyState>{texts.empty}</EmptyState>;

  const toItem = (i: (typeof items)[number]) => ({ id: i.id, title: i.title, isNew: isOccupant && i.is_new, href: pagePath(audience, SEGMENT[kind], i.id) });
  const groups: MasterGroup[] = kind === 'information'
    ? groupByMenu(items, menus.data).map((g) => ({ key: g.id, name: g.name, items: g.items.map(toItem) }))
    : [{ key: 'faq', name: '', items: items.map(toItem) }];
  const item = detail.data ?? listed;
  return (
    <MasterDetail label={texts.list} placeholder={texts.choose} selectedId={listed?.id ?? null} groups={groups}>
      <Card>
        {item ? (
          <ContentArticle
            title={item.title}
            imageUrl={item.image_url}
            accessRequired={item.access_to_home_required}
            iconUrls={item.icon_urls}
            indicators={item.indicators}
            html={item.content}
            partners={item.partners}
          />
        ) : <p className="text-slate-700">{itemId === null ? texts.chooseHint : texts.notFound}</p>}
      </Card>
    </MasterDetail>
  );
}
