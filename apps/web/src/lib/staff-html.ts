import DOMPurify from 'dompurify';
import { isStaffHtmlLink, isStorageImage, STAFF_HTML_ATTRIBUTES, STAFF_HTML_TAGS } from '@portal/contract';

const ALL_ATTRIBUTES = [...new Set(Object.values(STAFF_HTML_ATTRIBUTES).flat())];

/**
 * Staff HTML cleaned in the browser by the rule the server stores it by (packages/contract/src/staff-html.ts,
 * apps/api/src/lib/sanitize.ts): DOMPurify keeps the allowed tags and attribute names; then each element
 * keeps only its own tag's attributes, a link that is no safe link loses its address, and an image not
 * from the portal's storage goes. So HTML stored before the rule (or by another server) renders the same.
 */
export function cleanStaffHtml(html: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...STAFF_HTML_TAGS], ALLOWED_ATTR: ALL_ATTRIBUTES, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, RETURN_DOM_FRAGMENT: true,
  });
  for (const element of [...fragment.querySelectorAll('*')]) {
    const tag = element.tagName.toLowerCase();
    const allowed = STAFF_HTML_ATTRIBUTES[tag] ?? [];
    for (const name of element.getAttributeNames()) if (!allowed.includes(name)) element.removeAttribute(name);
    if (tag === 'a' && element.hasAttribute('href') && !isStaffHtmlLink(element.getAttribute('href')!)) element.removeAttribute('href');
    if (tag === 'img' && !isStorageImage(element.getAttribute('src') ?? '')) element.remove();
  }
  return fragment;
}
