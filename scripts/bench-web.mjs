/**
 * What a browser receives: Lighthouse (mobile, simulated throttling, Debian's Chromium) on the login
 * page, the resident's dashboard (logged in), the first step of a form (logged in) and a public project dashboard. Reports, per page, the
 * performance score, LCP, and the bytes transferred (as Lighthouse counts them: compressed, headers
 * included) in all and for JavaScript alone.
 *
 * One Chromium for all pages: Playwright logs in through the portal's own login form in it, then
 * Lighthouse audits in the same profile with storage reset off, so the dashboard is measured logged in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Empties Chromium's HTTP cache (Lighthouse keeps it with storage reset off), and the portal's service worker with its
 * caches (else the second run's app files come from the worker, and nothing goes over the wire), but keeps
 * localStorage (the login). Every run is a first visit.
 */
async function clearHttpCache(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
  await page.close();
  await browser.close();
}

/** Runs per page: Lighthouse's figures vary from run to run, its docs advise the median of several. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
const KEEP_JSON = process.env.BENCH_LIGHTHOUSE_JSON; // a folder: every report is kept there, to see what the LCP waited for
let reportNumber = 0;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of RUNS audits of one page (each on a cold HTTP cache), per figure; `runs` lists every LCP. */
async function audit(url, port) {
  const results = [];
  for (let run = 0; run < RUNS; run++) results.push(await auditOnce(url, port));
  return {
    url,
    finalUrl: results[0].finalUrl,
    score: median(results.map((r) => r.score)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    lcpRuns: results.map((r) => r.lcpMs),
    totalBytes: median(results.map((r) => r.totalBytes)),
    scriptBytes: median(results.map((r) => r.scriptBytes)),
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
  };
}

/** Lighthouse's figures for one page, on a cold HTTP cache: score 0-100, LCP ms, transferred bytes (all, script). */
async function auditOnce(url, port, attempt = 1) {
  await clearHttpCache(port, url);
  const result = await lighthouse(url, {
    port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile', disableStorageReset: true,
  });
  const lhr = result.lhr;
  if (KEEP_JSON) {
    fs.mkdirSync(KEEP_JSON, { recursive: true });
    const name = `${String(++reportNumber).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`;
    fs.writeFileSync(path.join(KEEP_JSON, name), result.report);
  }
  if (lhr.runtimeError) {
    // a trace that Chromium did not record whole (NO_NAVSTART, seen on a busy machine): one more try
    if (attempt < 3 && /trace/i.test(lhr.runtimeError.message)) return auditOnce(url, port, attempt + 1);
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  const summary = lhr.audits['resource-summary'].details.items;
  const bytes = (type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    url,
    finalUrl: lhr.finalDisplayedUrl,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    totalBytes: bytes('total'),
    scriptBytes: bytes('script'),
    // Lighthouse's measure of this machine's CPU (docs/throttling.md: 1000-1500 a low-end desktop, 1500-2000 a high-end
    // one): its 4x CPU slowdown is relative to the host, so the score and TBT move with this figure.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
  };
}

/**
 * Audits /inloggen, /dashboard as `resident` and /public/dashboard/{id} of the first public project on
 * the portal at `base`. Returns one row per page.
 */
export async function measureWeb(base, resident) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-chrome-'));
  const chrome = await launch({ chromePath: CHROME, chromeFlags: FLAGS, userDataDir: profile, logLevel: 'silent' });
  try {
    const customer = await (await fetch(`${base}/api/public/customer/?language=nl`)).json();
    const publicProject = customer.projects?.[0]?.id;

    const rows = [];
    rows.push({ page: '/inloggen', ...(await audit(`${base}/inloggen`, chrome.port)) });
    if (publicProject) rows.push({ page: `/public/dashboard/${publicProject}`, ...(await audit(`${base}/public/dashboard/${publicProject}`, chrome.port)) });

    // Log in through the login form, in the profile Lighthouse uses, then audit the dashboard.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/inloggen`);
    await page.getByLabel('Postcode').fill(resident.zipcode);
    await page.getByLabel('Huisnummer').fill(resident.house_number);
    await page.getByLabel(/^Wachtwoord/).first().fill(resident.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).first().click();
    await page.waitForURL(/\/dashboard/, { timeout: 30_000 });
    // A form step: the first step of the demo's generic form (opening the form makes the resident's entry).
    await page.goto(`${base}/formulieren`);
    await page.getByRole('link', { name: /Uw woning en de renovatie/ }).click();
    await page.getByRole('link', { name: /Uw wensen voor de renovatie/ }).click();
    await page.waitForURL(/\/formulier\/formulier\/\d+\/\d+\/0$/, { timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Naam van de hoofdbewoner' }).waitFor();
    const formStep = page.url();
    await page.close();
    await browser.close(); // disconnects Playwright; Chromium keeps running for Lighthouse
    rows.push({ page: '/dashboard (logged in)', ...(await audit(`${base}/dashboard`, chrome.port)) });
    rows.push({ page: '/formulier/formulier/… (form step, logged in)', ...(await audit(formStep, chrome.port)) });
    return rows;
  } finally {
    chrome.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
