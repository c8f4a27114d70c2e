import { describe, expect, it } from 'vitest';
import { sanitizeStaffHtml } from './sanitize.ts';

describe('staff HTML as stored', () => {
  it('drops class, style, target and event attributes; keeps the text', () => {
    expect(sanitizeStaffHtml('<p class="x" style="color:red" onclick="alert(1)">Hallo</p>')).toBe('<p>Hallo</p>');
    expect(sanitizeStaffHtml('<a href="https://example.nl" target="_top" class="knop">Site</a>')).toBe('<a href="https://example.nl">Site</a>');
    expect(sanitizeStaffHtml('<span class="y">a</span><h2 id="z">Kop</h2>')).toBe('<span>a</span><h2>Kop</h2>');
  });

  it('keeps links to other sites, mail, phone and portal paths; drops links that only look like paths', () => {
    for (const href of ['https://www.example.nl/pad?a=1', 'http://localhost:3000', 'mailto:info@example.nl', 'tel:+31 20 123 4567', '/nieuws/12', '/informatie/#kop']) {
      expect(sanitizeStaffHtml(`<a href="${href}">x</a>`), href).toBe(`<a href="${href}">x</a>`);
    }
    for (const href of ['//evil.example', '/\\evil.example', '/&#92;evil.example', '/%09/evil.example'.replace('%09', '\t'), 'javascript:alert(1)', 'https:evil.example', 'data:text/html,x', ' //evil.example']) {
      expect(sanitizeStaffHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('keeps images from the portal storage only: no tracking pixels, no data: images', () => {
    expect(sanitizeStaffHtml('<p><img src="/api/files/12/foto.png" alt="Foto" width="10" class="r"></p>')).toBe('<p><img src="/api/files/12/foto.png" alt="Foto" width="10" /></p>');
    for (const src of ['https://tracker.example/p.gif?u=1', '//tracker.example/p.gif', '/api/files/12/../../x', 'data:image/png;base64,AAAA', '/api/files/12/foto.png?x=1', '/\\tracker.example/p.gif']) {
      expect(sanitizeStaffHtml(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
    expect(sanitizeStaffHtml('<img alt="zonder bron">')).toBe('');
  });

  it('drops scripts, frames and forms with their content', () => {
    expect(sanitizeStaffHtml('<p>a</p><script>alert(1)</script><iframe src="https://x"></iframe><form><input></form>')).toBe('<p>a</p>');
  });
});
