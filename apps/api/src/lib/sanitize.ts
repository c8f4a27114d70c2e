import sanitizeHtml from 'sanitize-html';
import { isStaffHtmlLink, isStorageImage, STAFF_HTML_ATTRIBUTES, STAFF_HTML_TAGS } from '@portal/contract';

/**
 * Staff-written HTML is cleaned when stored; the browser cleans it again before rendering, by the same
 * rule (packages/contract/src/staff-html.ts): these tags and attributes only, links that stay links
 * (http(s), mailto:, tel:, a path of the portal; never '//' or '/\'), images from the portal's storage only.
 */
export function sanitizeStaffHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...STAFF_HTML_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(STAFF_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    // Attribute values arrive here decoded ('/&#92;evil' is '/\evil'): a link that is no safe link loses its address.
    transformTags: {
      a: (tagName, attribs) => {
        const { href, ...rest } = attribs;
        return { tagName, attribs: href !== undefined && isStaffHtmlLink(href) ? { ...rest, href } : rest };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !isStorageImage(frame.attribs.src ?? ''),
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Staff HTML as plain text (for a PDF or a text mail): block ends become line breaks, tags go, entities are decoded. */
export function staffHtmlToText(html: string): string {
  const withBreaks = html.replace(/<\s*(br|\/p|\/h[1-6]|\/li|\/div)\b[^>]*>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, name: string) => {
      if (ENTITIES[name.toLowerCase()] !== undefined) return ENTITIES[name.toLowerCase()]!;
      if (!name.startsWith('#')) return all;
      const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
