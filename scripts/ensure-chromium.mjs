// Makes sure the end-to-end tests' Debian tools are installed: Chromium and its headless shell (never a browser download) and
// poppler-utils (pdftotext, pdftoppm: the specs read and render the PDFs the portal makes).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const NEEDED = [
  { file: '/usr/bin/chromium', pkg: 'chromium' },
  { file: '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
  { file: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
];
const missing = NEEDED.filter((n) => !existsSync(n.file));
if (!missing.length) process.exit(0);
const names = missing.map((n) => n.pkg).join(' ');
if (process.getuid?.() !== 0) {
  console.error(`${missing.map((n) => n.file).join(', ')} missing. Install Debian's packages (apt-get install -y ${names}) and run the tests again.`);
  process.exit(1);
}
console.log(`Installing Debian ${names} for the end-to-end tests…`);
const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', ...missing.map((n) => n.pkg)]) || missing.some((n) => !existsSync(n.file))) {
  console.error(`Installing ${names} failed.`);
  process.exit(1);
}
