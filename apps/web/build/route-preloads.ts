import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `route-preloads.json` into the build: for each screen of the router (a path pattern such as
 * '/public/dashboard/:projectId' and its lazily loaded route module), the script and style files that
 * screen loads besides the app's entry. The server adds them as <link rel="modulepreload"> (and
 * stylesheet preloads) to the page of a matching address, so that the browser fetches the screen
 * together with the entry instead of after it (one round trip less before the first paint).
 *
 * The patterns are read from src/app/router.tsx (`path: '...'` entries with `import('./routes/...')`
 * on the same line); screens made by a helper (the content modules) are simply not preloaded.
 */
export function routePreloads(routerFile: string): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const source = fs.readFileSync(routerFile, 'utf8');
      const screens = [...source.matchAll(/path: '([^']+)'[^\n]*?import\('\.\/routes\/([\w-]+)'\)/g)].map(([, pattern, module]) => ({ pattern: pattern!, module: module! }));
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryFiles = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
      };
      walk(entry.fileName, entryFiles);
      const cssOf = (files: Iterable<string>) => [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
      const entryCss = new Set(cssOf(entryFiles));

      const routes: Array<{ pattern: string; files: string[] }> = [];
      for (const { pattern, module } of screens) {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId && path.basename(c.facadeModuleId).replace(/\.[jt]sx?$/, '') === module
          && c.facadeModuleId.includes(`${path.sep}routes${path.sep}`));
        if (!chunk) continue;
        const files = new Set<string>();
        walk(chunk.fileName, files);
        const scripts = [...files].filter((file) => !entryFiles.has(file));
        const styles = [...new Set(cssOf(files))].filter((file) => !entryCss.has(file));
        routes.push({ pattern, files: [...scripts, ...styles] });
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(routes) });
    },
  };
}
