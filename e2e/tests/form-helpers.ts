import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Draws a zigzag on a canvas with the mouse. The canvas is brought to the middle of the view first (of
 * its frame, and the frame of the page), clear of the header above and of messages at the bottom.
 */
export async function drawOnCanvas(page: Page, canvas: Locator, frameElement?: Locator) {
  if (frameElement) await frameElement.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.1 + i * 0.1), box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 4 });
  await page.mouse.up();
}

/** Draws a signature in the portal's signature area (ui/signature-pad.tsx). */
export const drawSignature = (page: Page, area: Locator) => drawOnCanvas(page, area.locator('canvas'));

export const signatureArea = (scope: Page | Locator) => scope.getByRole('img', { name: 'Tekenvlak voor uw handtekening' });

/** The confirmation before finishing or sending a form (spec 5), answered with Ja. */
export async function confirmYes(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Formulier afronden' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Klik op JA om deze actie te bevestigen. Hierna kan het formulier niet meer worden aangepast.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the summary PDF in its own tab and waits until the server has sent it; returns its content type. */
export async function openSummaryPdf(page: Page, linkName: RegExp | string = /Samenvatting bekijken \(PDF\)/) {
  const link = page.getByRole('link', { name: linkName });
  const href = (await link.getAttribute('href'))!;
  const answered = page.context().waitForEvent('response', { predicate: (r) => r.url().includes(href.split('?')[0]!), timeout: 15_000 });
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const response = await answered;
  const type = response.headers()['content-type'] ?? '';
  // A PDF the browser downloads instead of showing closes its tab by itself.
  await popup.close().catch(() => {});
  // The type and how it is served: 'application/pdf | inline; filename=...' for a PDF that opens.
  return `${type} | ${response.headers()['content-disposition'] ?? ''}`;
}

/** The sidebar 'Onderdelen' (from 640 px) of a form. */
export const stepsNav = (page: Page) => page.getByRole('navigation', { name: /Onderdelen/ });
