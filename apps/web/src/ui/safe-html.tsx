import { useMemo, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { hrefForReader, readerOfPath } from '../lib/internal-links';
import { cleanStaffHtml } from '../lib/staff-html';

/**
 * The one place that renders staff-written HTML: cleaned again in the browser by the rule the server
 * stores it by (lib/staff-html.ts), links to resident pages pointed at the reader's own pages (a
 * visitor's or partner's), and links within the portal followed without reloading it.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const [path, navigate] = useLocation();
  const reader = readerOfPath(path);
  const clean = useMemo(() => {
    const fragment = cleanStaffHtml(html);
    if (reader) {
      for (const link of fragment.querySelectorAll('a[href]')) {
        link.setAttribute('href', hrefForReader(link.getAttribute('href') ?? '', reader, window.location.origin));
      }
    }
    const box = document.createElement('div');
    box.append(fragment);
    return box.innerHTML;
  }, [html, reader?.kind, reader?.projectId]); // eslint-disable-line react-hooks/exhaustive-deps -- the reader is rebuilt per render

  const followInside = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };

  // The click handler only shortcuts real links inside the HTML; keyboard users follow them as links.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className={`staff-html ${className}`} onClick={followInside} dangerouslySetInnerHTML={{ __html: clean }} />;
}
