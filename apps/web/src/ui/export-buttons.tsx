import { useState } from 'react';
import { EXPORT_FORMATS, type TExportFormat } from '@portal/contract';
import { saveFile } from '../lib/staff-api';
import { Button } from './button';

export const exportTexts = {
  group: 'Exporteren',
  button: (format: TExportFormat) => `Exporteren als ${format.toUpperCase()}`,
  busy: 'Bezig met exporteren…',
  failed: 'Het exporteren is niet gelukt. Probeer het opnieuw.',
} as const;

/**
 * "Exporteren als CSV" and "Exporteren als XLSX" for a list the console shows: `download` fetches the
 * list with its current filters; the file is saved under the name the server gives.
 */
export function ExportButtons({ download }: { download: (format: TExportFormat) => Promise<{ blob: Blob; filename: string }> }) {
  const [busy, setBusy] = useState<TExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: TExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      const file = await download(format);
      saveFile(file);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : exportTexts.failed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="group" aria-label={exportTexts.group} className="flex flex-wrap items-center gap-2">
      {EXPORT_FORMATS.map((format) => (
        <Button key={format} variant="secondary" onClick={() => void run(format)} disabled={busy !== null}>
          {busy === format ? exportTexts.busy : exportTexts.button(format)}
        </Button>
      ))}
      {error && <p role="alert" className="basis-full text-sm text-red-800">{error}</p>}
    </div>
  );
}
