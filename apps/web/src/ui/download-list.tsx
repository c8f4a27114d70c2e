import type { ReactNode } from 'react';
import { downloadWithFreshLink } from '../lib/file-links';

/** The words of a download row; a feature's texts carry them. */
export type DownloadTexts = { download: string; downloadOf: (name: string) => string; fetched: string; notFetched: string };

export type DownloadFact = { label: string; value: string };

type DownloadRowProps = {
  /** data-testid of the row; its fetched badge is `${testId}-status`. */
  testId: string;
  subject: string;
  /** The file name: the title when there is no subject, else shown under it when it differs. */
  name: string;
  /** Label and value pairs under the title (date, kind, ...); null ones are left out. */
  facts: Array<DownloadFact | null>;
  fetched: boolean;
  /** Show the fetched badge ('Gedownload' or 'Nieuw'): only a resident's downloads are noted. */
  showStatus: boolean;
  /** The file link as the API answered it (signed for the session when logged in); a click signs a fresh one. */
  href: string;
  onDownload: () => void;
  texts: DownloadTexts;
};

export function DownloadList({ children }: { children: ReactNode }) {
  return <ul className="flex flex-col gap-3">{children}</ul>;
}

/** One downloadable file: its title and facts, its fetched badge and a download button named after it. */
export function DownloadRow({ testId, subject, name, facts, fetched, showStatus, href, onDownload, texts }: DownloadRowProps) {
  const title = subject || name;
  return (
    <li data-testid={testId} data-fetched={fetched}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {facts.map((fact) => fact && <div key={fact.label} className="flex gap-1"><dt>{fact.label}:</dt><dd>{fact.value}</dd></div>)}
        </dl>
        {subject && name && name !== subject && <p className="mt-1 break-all text-sm text-slate-600">{name}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {showStatus && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${fetched ? 'bg-slate-100 text-slate-700' : 'bg-brand text-on-brand'}`} data-testid={`${testId}-status`}>
            {fetched ? texts.fetched : texts.notFetched}
          </span>
        )}
        <a
          href={href}
          download
          onClick={(event) => {
            onDownload();
            downloadWithFreshLink(event);
          }}
          aria-label={texts.downloadOf(title)}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-on-brand hover:brightness-110"
        >
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M12 4v11M7 10l5 5 5-5M5 20h14" /></svg>
          {texts.download}
        </a>
      </div>
    </li>
  );
}
