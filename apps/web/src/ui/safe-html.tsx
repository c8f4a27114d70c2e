import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The one place that renders staff-written HTML, cleaned again in the browser. */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={`staff-html ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
