import { useId, type ReactNode } from 'react';
import { iconLabel, type TIndicator } from '@portal/contract';
import { IndicatorList } from './indicators';
import { SafeHtml } from './safe-html';

export const ACCESS_REQUIRED_TEXT = 'Let op: Toegang tot de woning is noodzakelijk';
export const PERFORMED_BY_TEXT = 'Deze werkzaamheden worden uitgevoerd door:';

type Props = {
  title: string;
  /** Leave the title out when a surrounding element (a disclosure button) already shows it. */
  hideTitle?: boolean;
  /** A DD-MM-YYYY date under the title. */
  date?: string | null;
  imageUrl?: string | null;
  accessRequired?: boolean;
  iconUrls?: string[];
  indicators?: TIndicator[];
  /** Staff HTML, sanitised by SafeHtml. */
  html?: string | null;
  partners?: Array<{ id: number; name: string; logo_url: string | null }>;
  /** Shown just before the content (a planning entry's description). */
  intro?: ReactNode;
  children?: ReactNode;
};

/**
 * The detail of a news article, complaint, information or FAQ item or planning entry, in the
 * spec's order: image, access banner, title, date, icons, indicators, content, partner logos.
 */
export function ContentArticle({ title, hideTitle, date, imageUrl, accessRequired, iconUrls = [], indicators = [], html, partners = [], intro, children }: Props) {
  const titleId = useId();
  const Root = hideTitle ? 'div' : 'article';
  return (
    <Root aria-labelledby={hideTitle ? undefined : titleId} className="flex flex-col gap-4">
      {imageUrl && <img src={imageUrl} alt="" className="max-h-[28rem] w-full rounded-md object-cover" />}
      {accessRequired && (
        <p className="flex items-center gap-2 rounded-md bg-red-700 px-4 py-3 font-semibold text-white" data-testid="access-required">
          <svg viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M12 3l9 16H3zM12 10v4M12 16.5v.5" /></svg>
          {ACCESS_REQUIRED_TEXT}
        </p>
      )}
      {!hideTitle && (
        <div>
          <h2 id={titleId} className="text-xl font-bold text-slate-900">{title}</h2>
          {date && <p className="text-sm text-slate-600"><time dateTime={isoDate(date)}>{date}</time></p>}
        </div>
      )}
      {/* Each icon with its meaning written under it: the picture alone would carry it for sighted readers only. */}
      {iconUrls.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Kenmerken" data-testid="icons">
          {iconUrls.map((url) => (
            <li key={url} className="flex w-20 flex-col items-center gap-1 text-center text-xs text-slate-800">
              <img src={url} alt="" className="size-10 object-contain" />
              <span className="break-words">{iconLabel(url)}</span>
            </li>
          ))}
        </ul>
      )}
      <IndicatorList indicators={indicators} />
      {intro}
      {html && <SafeHtml html={html} className="text-slate-900" />}
      {children}
      {partners.length > 0 && (
        <section aria-labelledby={`${titleId}-partners`} className="border-t border-slate-200 pt-4">
          <h3 id={`${titleId}-partners`} className="mb-2 text-sm font-semibold text-slate-800">{PERFORMED_BY_TEXT}</h3>
          <ul className="flex flex-wrap items-center gap-4">
            {partners.map((partner) => (
              <li key={partner.id}>
                {partner.logo_url
                  ? <img src={partner.logo_url} alt={partner.name} title={partner.name} className="h-12 max-w-40 object-contain" />
                  : <span className="font-medium text-slate-800">{partner.name}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Root>
  );
}

/** DD-MM-YYYY to YYYY-MM-DD for <time dateTime>. */
function isoDate(dutch: string): string | undefined {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(dutch);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}
