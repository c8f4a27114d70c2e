import type { Plugin } from 'vite';

/**
 * The built page's part in the first paint (see the last inline script of index.html):
 * - the app's stylesheet goes into the page (a <style> instead of Vite's <link>): it was the one
 *   render-blocking request, on a connection of its own beside the scripts, so whatever index.html paints
 *   before the app waited for it as long as for the app (57 kB, about 10 kB with brotli);
 * - the app's entry script becomes a modulepreload link (data-portal-app): the browser fetches it at once
 *   as before, and index.html's script starts it after the first screen has painted, so that the app's
 *   scripts do not take the main thread before that paint.
 * Lighthouse (mobile) measured both in `npm run bench` (README: performance).
 */
export function firstPaint(): Plugin {
  return {
    name: 'portal-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const entries = html.match(/<script type="module" crossorigin src="\/assets\/[\w.-]+\.js"><\/script>/g) ?? [];
        if (entries.length !== 1) throw new Error(`first-paint: expected one entry script in index.html, found ${entries.length}`);
        return html
          .replace(/<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/, '<link rel="modulepreload" crossorigin href="$1" data-portal-app>')
          .replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, fileName: string) => {
            const asset = bundle[fileName];
            if (!asset || asset.type !== 'asset') return tag;
            const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
            return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
          });
      },
    },
  };
}
