import { downloadWithFreshLink } from '../../../lib/file-links';
import { formTexts } from '../texts';

/**
 * A link to a PDF that says what it does. 'open': the PDF opens in the browser in a new tab (the server
 * sends it inline: the link asks for that), for what is read or checked on screen (a summary to check,
 * an attachment). 'download': the file is saved (the `download` attribute, through a freshly signed link).
 */
export function PdfLink({ href, children, onOpen, mode = 'open' }: { href: string; children: string; onOpen?: () => void; mode?: 'open' | 'download' }) {
  const opens = mode === 'open';
  return (
    <a
      href={href}
      {...(opens ? { target: '_blank', rel: 'noopener' } : { download: '' })}
      onClick={(event) => {
        onOpen?.();
        if (!opens) downloadWithFreshLink(event);
      }}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-md border border-slate-300 bg-white px-4 py-2 text-left text-sm font-semibold text-slate-900 underline-offset-2 hover:bg-slate-100 hover:underline"
    >
      {opens ? (
        <svg viewBox="0 0 24 24" className="size-5 shrink-0 text-brand" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M14 3h7v7M21 3l-9 9M19 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h5" strokeLinecap="round" strokeLinejoin="round" /></svg>
      ) : (
        <svg viewBox="0 0 24 24" className="size-5 shrink-0 text-brand" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 3v12M7 10l5 5 5-5M5 21h14" strokeLinecap="round" strokeLinejoin="round" /></svg>
      )}
      <span>
        {children}
        <span className="font-normal text-slate-700">{` ${opens ? formTexts.opensInNewTab : formTexts.downloadsFile}`}</span>
      </span>
    </a>
  );
}
