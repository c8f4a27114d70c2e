import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fileUrlFor, pagePath, type Audience } from '../../../lib/audience';
import { useAfterRead } from '../../../lib/use-after-read';
import { ContentArticle } from '../../../ui/content-article';
import { MasterDetail } from '../../../ui/master-detail';
import { Card } from '../../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { newsKeys, newsQueries } from '../api';
import { newsTexts } from '../texts';

/** News: the articles (title, date) beside the open one; without an id the first article opens. */
export function NewsPage({ audience, articleId, onRead }: { audience: Audience; articleId: number | null; onRead?: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(newsQueries.list(audience));
  const articles = list.data ?? [];
  const listed = articleId === null ? articles[0] : articles.find((a) => a.id === articleId);
  const isOccupant = audience.kind === 'occupant';
  const detail = useQuery({ ...newsQueries.article(audience, listed?.id ?? 0), enabled: isOccupant && !!listed });
  useAfterRead(listed?.id ?? null, detail.isSuccess, !!listed?.is_new, () => {
    void queryClient.invalidateQueries({ queryKey: newsKeys.list(audience) });
    onRead?.();
  });

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (!articles.length) return <EmptyState>{newsTexts.empty}</EmptyState>;
  const article = detail.data ?? listed;
  return (
    <MasterDetail
      label={newsTexts.list}
      placeholder={newsTexts.choose}
      selectedId={listed?.id ?? null}
      groups={[{ key: 'news', name: '', items: articles.map((a) => ({ id: a.id, title: a.title, meta: a.date, isNew: isOccupant && a.is_new, href: pagePath(audience, 'nieuws', a.id) })) }]}
    >
      <Card>
        {article
          ? <ContentArticle title={article.title} date={article.date} imageUrl={fileUrlFor(audience)(article.image_url)} html={article.content} />
          : <p>{newsTexts.notFound}</p>}
      </Card>
    </MasterDetail>
  );
}
