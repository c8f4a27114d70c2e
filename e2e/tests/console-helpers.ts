import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiTotp, DEMO, expect, loginAsResident, workerPortal } from './fixtures';

/** The console's id of the demo project Renovatie Bloemenbuurt (Jan's project), from the project list. */
export async function bloemenbuurtId(page: Page): Promise<number> {
  await page.goto('/beheer/projecten');
  const href = await page.getByRole('link', { name: DEMO.project }).first().getAttribute('href');
  return Number(/\/projecten\/(\d+)/.exec(href ?? '')![1]);
}

/** Jan (1234AB 10) in a browser of his own, on his dashboard. */
export async function residentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', baseURL: workerPortal().baseURL });
  const page = await context.newPage();
  await loginAsResident(page, DEMO.resident);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** A console session through the API (the code step answered with `totpSecret` when the account has TOTP, as the demo's administrator). */
export async function consoleApiToken(request: APIRequestContext, { totpSecret, ...account }: { email: string; password: string; totpSecret?: string }): Promise<string> {
  const response = await request.post('/api/staff/login', { data: { ...account, language: 'nl' } });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { status: string; token?: string; ticket?: string };
  if (answer.status === 'totp' && totpSecret) {
    return apiTotp(totpSecret, async (code) => {
      const second = await request.post('/api/staff/login/totp', { data: { ticket: answer.ticket, code, language: 'nl' } });
      return second.ok() ? ((await second.json()) as { token: string }).token : null;
    });
  }
  expect(answer.status).toBe('signed-in');
  return answer.token!;
}

/**
 * The consent letters in a PDF as a resident reads them (poppler's pdftotext): per page the window address
 * ('Tulpstraat 14') and the personal link's path. pdfkit breaks a long link after a '/': joined there.
 */
export function consentLettersIn(pdf: Buffer): Array<{ address: string; path: string }> {
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  return text.split('\f').filter((page) => page.trim()).map((page) => {
    const address = /Aan de bewoner\(s\) van\s*\n\s*(.+?)\s*\n/.exec(page)?.[1] ?? '';
    const link = /\/public\/formulier\/draagvlak\/\d+\/token\/[A-Z2-9]{26}\b/.exec(page.replace(/\/\s*\n\s*/g, '/'))?.[0];
    expect(link, page).toBeTruthy();
    return { address, path: link! };
  });
}

/** Prints consent letters through the console's API (as the console's screen does) and reads their links. */
export async function printConsentLetters(
  request: APIRequestContext, token: string, projectId: number, formId: number, body: { address_ids: number[] } | { all: true }, deadline = inDays(14),
) {
  const response = await request.post(`/api/staff/projects/${projectId}/consent-forms/${formId}/letters`, {
    headers: { authorization: `Bearer ${token}` }, data: { ...body, deadline, language: 'nl' },
  });
  expect(response.status(), response.headers()['content-type']?.includes('json') ? await response.text() : '').toBe(200);
  return consentLettersIn(await response.body());
}

/** DD-MM-YYYY, `days` from today in Amsterdam. */
export function inDays(days: number): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(Date.now() + days * 86_400_000)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year}`;
}
