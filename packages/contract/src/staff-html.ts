/**
 * What staff-written HTML (news, information, complaints, planning, the welcome message) may hold: one
 * rule for the server, which cleans the HTML when it stores it (apps/api/src/lib/sanitize.ts, with
 * sanitize-html), and for the browser, which cleans it again before rendering (apps/web/src/ui/safe-html.tsx,
 * with DOMPurify). Plain values and functions, no zod, so the web's bundle stays small.
 *
 * - No `class`, `style`, `id`, `target` or event attributes: the portal styles staff HTML itself, and a
 *   link opens where the reader is (`target=_top` would break out of an embedding page).
 * - Links: an http(s) address, mailto:, tel:, or a path of the portal ('/nieuws/12'). A path that starts
 *   with '//' or '/\' is another site (browsers read a backslash as a slash), so it is no path.
 * - Images only from the portal's own storage (`/api/files/{id}/{name}`, what the editor's upload answers):
 *   an image from elsewhere tells that site who read the page (a tracking pixel).
 */
export const STAFF_HTML_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'figure', 'figcaption', 'img',
] as const;

/** The attributes each tag may keep; every other attribute goes. */
export const STAFF_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what browsers drop from addresses
const UNSAFE_IN_ADDRESS = /[\u0000-\u0020\u007f\\]/;

/**
 * A path of the portal itself: '/inloggen', '/nieuws/12?x=1#a'. Not '//evil.example' or '/\evil.example'
 * (both lead to another site), and nothing with white space, control characters or a backslash anywhere
 * (browsers drop tabs and read '\' as '/', so '/\t/evil.example' is '//evil.example').
 */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_IN_ADDRESS.test(value);
}

/** A link staff may put into their HTML: an http(s) address with a host, mailto:, tel: or a path of the portal. */
export function isStaffHtmlLink(href: string): boolean {
  if (isSitePath(href)) return true;
  if (/^mailto:[^\s\\]+$/i.test(href)) return true;
  if (/^tel:[+\d\s().-]+$/i.test(href)) return true;
  if (!/^https?:\/\//i.test(href) || UNSAFE_IN_ADDRESS.test(href)) return false;
  try {
    return new URL(href).hostname.length > 0;
  } catch {
    return false;
  }
}

/** An image from the portal's own storage: '/api/files/12/foto.png' (what the console's image upload answers). */
export function isStorageImage(src: string): boolean {
  return /^\/api\/files\/\d{1,10}\/[^/?#]+$/.test(src) && !UNSAFE_IN_ADDRESS.test(src);
}
