// @vitest-environment jsdom
// (a DOM for DOMPurify)
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { SafeHtml } from './safe-html';

/** What SafeHtml puts inside its box for a resident's page. */
const clean = (html: string) => {
  const markup = renderToStaticMarkup(<Router ssrPath="/nieuws"><SafeHtml html={html} /></Router>);
  return /^<div class="staff-html ">([\s\S]*)<\/div>$/.exec(markup)![1];
};

/** The same cases as the server's (apps/api/src/lib/sanitize.test.ts): both sides keep the same. */
describe('staff HTML as the browser renders it', () => {
  it('drops class, style, target and event attributes; keeps the text', () => {
    expect(clean('<p class="x" style="color:red" onclick="alert(1)">Hallo</p>')).toBe('<p>Hallo</p>');
    expect(clean('<a href="https://example.nl" target="_top" class="knop" rel="opener">Site</a>')).toBe('<a href="https://example.nl">Site</a>');
    expect(clean('<span class="y">a</span><h2 id="z">Kop</h2>')).toBe('<span>a</span><h2>Kop</h2>');
  });

  it('keeps links to other sites, mail, phone and portal paths; drops links that only look like paths', () => {
    for (const href of ['https://www.example.nl/pad?a=1', 'http://localhost:3000', 'mailto:info@example.nl', 'tel:+31 20 123 4567', '/nieuws/12', '/informatie/#kop']) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe(`<a href="${href}">x</a>`);
    }
    for (const href of ['//evil.example', '/\\evil.example', '/&#92;evil.example', '/\t/evil.example', 'javascript:alert(1)', 'https:evil.example', 'data:text/html,x', ' //evil.example']) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('keeps images from the portal storage only: no tracking pixels, no data: images', () => {
    expect(clean('<p><img src="/api/files/12/foto.png" alt="Foto" width="10" class="r"></p>')).toBe('<p><img src="/api/files/12/foto.png" alt="Foto" width="10"></p>');
    for (const src of ['https://tracker.example/p.gif?u=1', '//tracker.example/p.gif', '/api/files/12/../../x', 'data:image/png;base64,AAAA', '/api/files/12/foto.png?x=1', '/\\tracker.example/p.gif']) {
      expect(clean(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
  });

  it('drops scripts, frames and forms with their content', () => {
    expect(clean('<p>a</p><script>alert(1)</script><iframe src="https://x"></iframe><form><input></form>')).toBe('<p>a</p>');
  });
});
