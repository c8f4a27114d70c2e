import type { Plugin } from 'vite';

/**
 * The built page's part in the first paint (see the last inline script of index.html):
 * - the app's stylesheet goes into the page (a <style> instead of Vite's <link>): it was the one
 *   render-blocking request, on a connection of its own beside the scripts, so whatever index.html paints
 *   before the app waited for it as long as for the app (57 kB, about 10 kB with brotli);
 * - the app's entry script and its modulepreloads become inert links (data-portal-app, data-portal-module;
 *   the server writes a screen's own preloads the same way, apps/api/src/plugins/web-app.ts): index.html's
 *   script fetches and runs them after the first screen has painted, at once on pages it paints nothing
 *   on. Measured with Lighthouse: the scripts downloading beside the first screen's data or logo (six
 *   connections, TCP slow start) held that paint back by about a second in its simulated 4G.
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
          .replace(/<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/, '<link data-portal-app crossorigin href="$1">')
          .replace(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g, '<link data-portal-module crossorigin href="$1">')
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
