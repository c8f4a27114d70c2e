/**
 * The two builds of Debian's Chromium the specs run in (playwright.config.ts) and the flags every launch gets:
 * the headless shell for most specs, the full browser where only it will do (web push, notifications, install).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_BROWSER = '/usr/bin/chromium';
