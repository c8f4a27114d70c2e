import { Button } from '../../../ui/button';
import { t } from '../texts';

function download(codes: string[]) {
  const text = `${t.codesFileTitle}\n${new Date().toLocaleDateString('nl-NL')}\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'herstelcodes-beheer.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * The ten recovery codes, shown once, with download and print, and the button that says they were kept.
 * `headingLevel`: a heading of its own (inside a page's section); without it the screen's title names them.
 */
export function RecoveryCodes({ codes, onDone, doneLabel = t.codesSaved, headingLevel }: { codes: string[]; onDone: () => void; doneLabel?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section aria-label={headingLevel ? undefined : t.codesTitle} aria-labelledby={headingLevel ? 'recovery-codes-title' : undefined} className="flex flex-col gap-4">
      {headingLevel && <Heading id="recovery-codes-title" className="text-lg font-semibold">{t.codesTitle}</Heading>}
      <p className="text-sm text-slate-700">{t.codesIntro}</p>
      <ol aria-label={t.codesTitle} data-recovery-codes="" className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-md bg-slate-50 p-4 font-mono text-base ring-1 ring-slate-200 sm:grid-cols-2">
        {codes.map((code) => <li key={code} className="list-inside list-decimal whitespace-nowrap marker:text-slate-500">{code}</li>)}
      </ol>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="secondary" onClick={() => download(codes)}>{t.download}</Button>
        <Button variant="secondary" onClick={() => window.print()}>{t.print}</Button>
      </div>
      <Button className="print:hidden" onClick={onDone}>{doneLabel}</Button>
    </section>
  );
}
