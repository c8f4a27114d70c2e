import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TDossierItem } from '@portal/contract';
import { fileUrl } from '../../../lib/audience';
import { storage } from '../../../lib/storage';
import { Button } from '../../../ui/button';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { dossierKeys, dossierQueries } from '../api';
import { dossierTexts } from '../texts';
import { DossierDownloadDialog } from './dossier-download-dialog';

const REFETCH_AFTER_DOWNLOAD_MS = 1500;

/** The resident's dossier: a download per item, and 'Download dossier' to have the whole dossier e-mailed. */
export function DossierPage({ projectId, onRead }: { projectId: number | null; onRead?: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(dossierQueries.list(projectId));
  const [dialogOpen, setDialogOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const downloaded = (item: TDossierItem) => {
    if (item.fetched) return;
    queryClient.setQueryData<TDossierItem[]>(dossierKeys.list(projectId), (old) => old?.map((d) => (d.id === item.id ? { ...d, fetched: true } : d)));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: dossierKeys.list(projectId) });
      onRead?.();
    }, REFETCH_AFTER_DOWNLOAD_MS);
  };
  const token = storage.token();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setDialogOpen(true)}>
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M4 6h16v12H4zM4 7l8 6 8-6" /></svg>
          {dossierTexts.downloadDossier}
        </Button>
      </div>
      {list.isPending ? <Loading /> : list.isError ? <ErrorState error={list.error} retry={() => void list.refetch()} />
        : !list.data.length ? <EmptyState>{dossierTexts.empty}</EmptyState> : (
          <ul className="flex flex-col gap-3">
            {list.data.map((item) => (
              <li key={item.id} data-testid="dossier-item" data-fetched={item.fetched}
                className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <h2 className="font-semibold text-slate-900">{item.subject || item.name}</h2>
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    <div className="flex gap-1"><dt>{dossierTexts.date}:</dt><dd>{item.created_at}</dd></div>
                    <div className="flex gap-1"><dt>{dossierTexts.type}:</dt><dd>{[item.type, item.sub_type].filter(Boolean).join(' – ')}</dd></div>
                  </dl>
                  {item.subject && item.name !== item.subject && <p className="mt-1 break-all text-sm text-slate-600">{item.name}</p>}
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${item.fetched ? 'bg-slate-100 text-slate-700' : 'bg-brand text-on-brand'}`}>
                    {item.fetched ? dossierTexts.fetched : dossierTexts.notFetched}
                  </span>
                  <a href={fileUrl(item.download_url, token)} download onClick={() => downloaded(item)}
                    aria-label={dossierTexts.downloadOf(item.subject || item.name)}
                    className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:brightness-110">
                    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M12 4v11M7 10l5 5 5-5M5 20h14" /></svg>
                    {dossierTexts.download}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      <DossierDownloadDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </div>
  );
}
