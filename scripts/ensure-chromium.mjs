// Makes sure Debian's Chromium is installed for the end-to-end tests (never a browser download).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error(`${CHROMIUM} is missing. Install Debian's chromium package (apt-get install -y chromium) and run the tests again.`);
  process.exit(1);
}
console.log('Installing Debian chromium for the end-to-end tests…');
const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', 'chromium']) || !existsSync(CHROMIUM)) {
  console.error('Installing chromium failed.');
  process.exit(1);
}
