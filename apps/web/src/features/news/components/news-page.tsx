import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { pagedItems, pagePath, type Audience } from '../../../lib/audience';
import { useAfterRead } from '../../../lib/use-after-read';
import { ContentArticle } from '../../../ui/content-article';
import { LoadMoreButton } from '../../../ui/load-more';
import { MasterDetail } from '../../../ui/master-detail';
import { Card } from '../../../ui/page';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { newsKeys, newsQueries } from '../api';
import { newsTexts } from '../texts';

/**
 * News: the articles (title, date) beside the open one; without an id the first article opens. The
 * list comes a page at a time ('Meer laden'); an article opened by its address that is not in the
 * pages yet is looked up by loading the next pages.
 */
export function NewsPage({ audience, articleId, onRead }: { audience: Audience; articleId: number | null; onRead?: () => void }) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(newsQueries.list(audience));
  const articles = useMemo(() => pagedItems(list.data?.pages), [list.data]);
  const listed = articleId === null ? articles[0] : articles.find((a) => a.id === articleId);
  const isOccupant = audience.kind === 'occupant';
  const detail = useQuery({ ...newsQueries.article(audience, listed?.id ?? 0), enabled: isOccupant && !!listed });
  useAfterRead(listed?.id ?? null, detail.isSuccess, !!listed?.is_new, () => {
    void queryClient.invalidateQueries({ queryKey: newsKeys.list(audience) });
    onRead?.();
  });

  // An older article opened by its address: load pages until it is listed (or the list ends).
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const isSearching = articleId !== null && !listed && hasNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (isSearching && !isFetchingNextPage) void fetchNextPage();
  }, [isSearching, isFetchingNextPage, fetchNextPage]);

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
      footer={hasNextPage && (
        <LoadMoreButton label={newsTexts.loadMore} busy={isFetchingNextPage} failed={isFetchNextPageError} onLoad={() => void fetchNextPage()} />
      )}
    >
      <Card>
        {article
          ? <ContentArticle title={article.title} date={article.date} imageUrl={article.image_url} html={article.content} />
          : isSearching ? <Loading /> : <p>{newsTexts.notFound}</p>}
      </Card>
    </MasterDetail>
  );
}
