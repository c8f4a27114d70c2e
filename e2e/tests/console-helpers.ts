import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, loginAsResident, test } from './fixtures';

/** The console's id of the demo project Renovatie Bloemenbuurt (Jan's project), from the project list. */
export async function bloemenbuurtId(page: Page): Promise<number> {
  await page.goto('/beheer/projecten');
  const href = await page.getByRole('link', { name: DEMO.project }).first().getAttribute('href');
  return Number(/\/projecten\/(\d+)/.exec(href ?? '')![1]);
}

/** Jan (1234AB 10) in a browser of his own, on his dashboard. */
export async function residentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await loginAsResident(page, DEMO.resident);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}
