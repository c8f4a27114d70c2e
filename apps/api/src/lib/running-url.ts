import fs from 'node:fs';
import path from 'node:path';

/**
 * The address the portal answers on, kept in DATA_DIR while it runs, so that the command-line tool
 * prints links to the running portal (its PORT or PUBLIC_URL) rather than to the default address.
 */
const fileOf = (dataDir: string) => path.join(dataDir, 'portal-url');

export function writeRunningUrl(dataDir: string, url: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(fileOf(dataDir), `${url}\n`, { mode: 0o644 });
  } catch {
    // the links of the CLI fall back to PUBLIC_URL or the default address
  }
}

export function readRunningUrl(dataDir: string): string | null {
  try {
    const url = fs.readFileSync(fileOf(dataDir), 'utf8').trim();
    return /^https?:\/\/\S+$/.test(url) ? url : null;
  } catch {
    return null;
  }
}
