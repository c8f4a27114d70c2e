import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TDocument } from '@portal/contract';
import { pagedItems, type Audience } from '../../../lib/audience';
import { useMarkDownloaded } from '../../../lib/use-mark-downloaded';
import { DownloadList, DownloadRow } from '../../../ui/download-list';
import { LoadMoreButton } from '../../../ui/load-more';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { documentKeys, documentQueries } from '../api';
import { documentTexts } from '../texts';

const sentBy = (document: TDocument) =>
  document.methods.map((m) => `${documentTexts.method[m.type] ?? m.type}${m.message ? ` (${m.message})` : ''}`).join(', ');

/**
 * Documents: one row each (subject, date, kind, how it was sent) with a download button; a download marks
 * it fetched. Newest first, a page at a time: 'Meer documenten laden' loads the older ones.
 */
export function DocumentsPage({ audience, onRead }: { audience: Audience; onRead?: () => void }) {
  const list = useInfiniteQuery(documentQueries.list(audience));
  const documents = useMemo(() => pagedItems(list.data?.pages), [list.data]);
  const isOccupant = audience.kind === 'occupant';
  const downloaded = useMarkDownloaded<TDocument>(documentKeys.list(audience), { onRead, isTracked: isOccupant });

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (!documents.length) return <EmptyState>{documentTexts.empty}</EmptyState>;

  return (
    <div className="flex flex-col gap-4">
      <DownloadList>
        {documents.map((document) => (
          <DownloadRow
            key={document.id}
            testId="document"
            subject={document.subject}
            name={document.name}
            facts={[
              { label: documentTexts.date, value: document.created_at },
              document.type ? { label: documentTexts.type, value: document.type } : null,
              document.methods.length > 0 ? { label: documentTexts.sentBy, value: sentBy(document) } : null,
            ]}
            fetched={document.fetched}
            showStatus={isOccupant}
            href={document.document_url}
            onDownload={() => downloaded(document)}
            texts={documentTexts}
          />
        ))}
      </DownloadList>
      {list.hasNextPage && (
        <LoadMoreButton label={documentTexts.loadMore} busy={list.isFetchingNextPage} failed={list.isFetchNextPageError} onLoad={() => void list.fetchNextPage()} />
      )}
    </div>
  );
}
