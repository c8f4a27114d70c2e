import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { EXPORT_KIND_LABELS, type TStaffEntryFilter, type TStaffExport } from '@portal/contract';
import { formatConsoleDateTime } from '../../../lib/console-format';
import { Button } from '../../../ui/button';
import { ErrorState } from '../../../ui/states';
import { toast, toastError } from '../../../ui/toaster';
import { entryApi, entryKeys, entryQueries } from '../api';
import { entryTexts as texts } from '../texts';

/** Starts exports of the form's entries with the list's filters, shows their progress and downloads the finished ones. */
export function ExportPanel({ projectId, formId, filter }: { projectId: number; formId: number; filter: TStaffEntryFilter }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const exports = useQuery(entryQueries.exports(projectId, formId));
  const start = useMutation({
    mutationFn: (kind: TStaffExport['kind']) => entryApi.startExport(projectId, formId, { kind, filter }),
    onSuccess: async () => {
      toast(texts.exports.started, 'success');
      await queryClient.invalidateQueries({ queryKey: entryKeys.exports(projectId, formId) });
    },
    onError: (error) => toastError(error, texts.exports.failed),
  });
  const download = useMutation({
    mutationFn: (exportId: number) => entryApi.download(projectId, exportId),
    onError: (error) => toastError(error, texts.exports.downloadFailed),
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-lg font-semibold">{texts.exports.title}</h2>
      <p className="text-sm text-slate-800">{texts.exports.intro}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={start.isPending && start.variables === 'csv'} onClick={() => start.mutate('csv')}>{texts.exports.csv}</Button>
        <Button variant="secondary" busy={start.isPending && start.variables === 'xlsx'} onClick={() => start.mutate('xlsx')}>{texts.exports.xlsx}</Button>
        <Button variant="secondary" busy={start.isPending && start.variables === 'zip'} onClick={() => start.mutate('zip')}>{texts.exports.zip}</Button>
      </div>
      <h3 className="font-semibold">{texts.exports.list}</h3>
      {exports.isError ? <ErrorState error={exports.error} retry={() => void exports.refetch()} /> : !exports.data?.length ? (
        <p className="text-sm text-slate-700">{exports.isPending ? '' : texts.exports.none}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" aria-live="polite">
          {exports.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <div className="flex min-w-0 flex-1 basis-56 flex-col">
                <span className="font-medium">{EXPORT_KIND_LABELS[e.kind]}</span>
                <span className="text-sm text-slate-700">{texts.exports.by(e.created_by, formatConsoleDateTime(e.created_at))}</span>
              </div>
              <span className="text-sm text-slate-800">
                {texts.exports.status[e.status]}
                {(e.status === 'running' || e.status === 'queued') && ` · ${texts.exports.progress(e)}`}
                {e.status === 'done' && !e.downloadable && ` · ${texts.exports.expired}`}
              </span>
              {(e.status === 'running' || e.status === 'queued') && (
                <progress className="h-2 w-32" max={e.total ?? 1} value={e.total === null ? undefined : e.done} aria-label={`${EXPORT_KIND_LABELS[e.kind]}: ${texts.exports.progress(e)}`} />
              )}
              {e.downloadable && (
                <Button variant="secondary" busy={download.isPending && download.variables === e.id} onClick={() => download.mutate(e.id)}>
                  {texts.exports.download}<span className="sr-only"> {EXPORT_KIND_LABELS[e.kind]} {formatConsoleDateTime(e.created_at)}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
