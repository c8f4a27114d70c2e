import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pagePath, type Audience } from '../../../lib/audience';
import { useAfterRead } from '../../../lib/use-after-read';
import { ContentArticle } from '../../../ui/content-article';
import { MasterDetail } from '../../../ui/master-detail';
import { Card } from '../../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { complaintKeys, complaintQueries } from '../api';
import { complaintTexts } from '../texts';

/** Complaints (the module's display name is the page title): the items beside the open one. */
export function ComplaintsPage({ audience, itemId, onRead }: { audience: Audience; itemId: number | null; onRead?: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(complaintQueries.list(audience));
  const items = list.data?.items ?? [];
  const listed = itemId === null ? undefined : items.find((i) => i.id === itemId);
  const isOccupant = audience.kind === 'occupant';
  const detail = useQuery({ ...complaintQueries.item(audience, listed?.id ?? 0), enabled: isOccupant && !!listed });
  useAfterRead(listed?.id ?? null, detail.isSuccess, !!listed?.is_new, () => {
    void queryClient.invalidateQueries({ queryKey: complaintKeys.list(audience) });
    onRead?.();
  });

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (!items.length) return <EmptyState>{complaintTexts.empty}</EmptyState>;
  const item = detail.data ?? listed;
  return (
    <MasterDetail
      label={complaintTexts.list}
      placeholder={complaintTexts.choose}
      selectedId={listed?.id ?? null}
      groups={[{ key: 'complaints', name: '', items: items.map((i) => ({ id: i.id, title: i.title, isNew: isOccupant && i.is_new, href: pagePath(audience, 'complaints', i.id) })) }]}
    >
      <Card>
        {item ? <ContentArticle title={item.title} imageUrl={item.image_url} html={item.content} />
          : <p className="text-slate-700">{itemId === null ? complaintTexts.chooseHint : complaintTexts.notFound}</p>}
      </Card>
    </MasterDetail>
  );
}
