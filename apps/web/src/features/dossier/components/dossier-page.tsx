import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TDossierItem } from '@portal/contract';
import { useMarkDownloaded } from '../../../lib/use-mark-downloaded';
import { Button } from '../../../ui/button';
import { DownloadList, DownloadRow } from '../../../ui/download-list';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { dossierKeys, dossierQueries } from '../api';
import { dossierTexts } from '../texts';
import { DossierDownloadDialog } from './dossier-download-dialog';

/** The resident's dossier: a download per item, and 'Download dossier' to have the whole dossier e-mailed. */
export function DossierPage({ projectId, onRead, defaultEmail }: { projectId: number | null; onRead?: () => void; defaultEmail?: string }) {
  const list = useQuery(dossierQueries.list(projectId));
  const [dialogOpen, setDialogOpen] = useState(false);
  const downloaded = useMarkDownloaded<TDossierItem>(dossierKeys.list(projectId), { onRead });
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
          <DownloadList>
            {list.data.map((item) => (
              <DownloadRow
                key={item.id}
                testId="dossier-item"
                subject={item.subject}
                name={item.name}
                facts={[
                  { label: dossierTexts.date, value: item.created_at },
                  { label: dossierTexts.type, value: [item.type, item.sub_type].filter(Boolean).join(' – ') },
                ]}
                fetched={item.fetched}
                showStatus
                href={item.download_url}
                onDownload={() => downloaded(item)}
                texts={dossierTexts}
              />
            ))}
          </DownloadList>
        )}
      {/* mounted when opened, so that it starts with the profile's address once that has loaded */}
      {dialogOpen && <DossierDownloadDialog open onClose={() => setDialogOpen(false)} defaultEmail={defaultEmail} />}
    </div>
  );
}
