import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TDocument } from '@portal/contract';
import { fileUrl, type Audience } from '../../../lib/audience';
import { storage } from '../../../lib/storage';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { documentKeys, documentQueries } from '../api';
import { documentTexts } from '../texts';

/** The server notes the download while it sends the file; the list is asked again a moment later. */
const REFETCH_AFTER_DOWNLOAD_MS = 1500;

/** Documents: one row each (subject, date, kind, how it was sent) with a download button; a download marks it fetched. */
export function DocumentsPage({ audience, onRead }: { audience: Audience; onRead?: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(documentQueries.list(audience));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  if (!list.data.length) return <EmptyState>{documentTexts.empty}</EmptyState>;

  const token = audience.kind === 'public' ? null : storage.token();
  const downloaded = (document: TDocument) => {
    if (audience.kind !== 'occupant' || document.fetched) return;
    queryClient.setQueryData<TDocument[]>(documentKeys.list(audience), (old) => old?.map((d) => (d.id === document.id ? { ...d, fetched: true } : d)));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: documentKeys.list(audience) });
      onRead?.();
    }, REFETCH_AFTER_DOWNLOAD_MS);
  };
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((document) => (
        <li key={document.id} data-testid="document" data-fetched={document.fetched}
          className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h2 className="font-semibold text-slate-900">{document.subject || document.name}</h2>
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              <div className="flex gap-1"><dt>{documentTexts.date}:</dt><dd>{document.created_at}</dd></div>
              {document.type && <div className="flex gap-1"><dt>{documentTexts.type}:</dt><dd>{document.type}</dd></div>}
              {document.methods.length > 0 && (
                <div className="flex gap-1"><dt>{documentTexts.sentBy}:</dt><dd>{document.methods.map((m) => `${documentTexts.method[m.type] ?? m.type}${m.message ? ` (${m.message})` : ''}`).join(', ')}</dd></div>
              )}
            </dl>
            {document.subject && document.name && document.name !== document.subject && <p className="mt-1 break-all text-sm text-slate-600">{document.name}</p>}
          </div>
          <div className="flex shrink-0 items-center gap-3">
            {audience.kind === 'occupant' && (
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${document.fetched ? 'bg-slate-100 text-slate-700' : 'bg-brand text-on-brand'}`} data-testid="document-status">
                {document.fetched ? documentTexts.fetched : documentTexts.notFetched}
              </span>
            )}
            <a
              href={fileUrl(document.document_url, token)}
              download
              onClick={() => downloaded(document)}
              aria-label={documentTexts.downloadOf(document.subject || document.name)}
              className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:brightness-110"
            >
              <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M12 4v11M7 10l5 5 5-5M5 20h14" /></svg>
              {documentTexts.download}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
