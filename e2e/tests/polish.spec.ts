import type { Locator, Page } from '@playwright/test';
import { bloemenbuurtId } from './console-helpers';
import { withDatabase } from './db';
import { checkPage, cssVariable, DEMO, expect, loginAsResident, loginToConsole, test } from './fixtures';
import { signatureArea } from './form-helpers';
import { makePng } from './images';

/** Holds back the app's main script (index-*.js) until `release` is called: the page is the HTML alone until then. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Every file input of the page is the shared picker's: visually hidden, behind a Dutch button. */
async function expectDutchFilePickers(scope: Page | Locator) {
  const inputs = scope.locator('input[type="file"]');
  expect(await inputs.count()).toBeGreaterThan(0);
  for (const input of await inputs.all()) {
    const box = await input.boundingBox();
    // the browser's own 'Choose File' control would be about 250 x 20 px; the shared picker's input is sr-only
    expect(box === null || (box.width <= 1 && box.height <= 1), 'a native file control is visible').toBe(true);
  }
}

test.describe('the pages’ finish', () => {
  test('before the app has loaded, the HTML shows the header and a skeleton in the customer’s colours', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the colours the app applied are kept for the next visit's skeleton
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.brand_colors') ?? 'null') as Record<string, string> | null);
    expect(stored?.['--brand-primary']).toBe(await cssVariable(page, '--brand-primary'));
    // a customer with another colour: the skeleton uses it without asking the server
    await page.evaluate(() => localStorage.setItem('portal.brand_colors', JSON.stringify({ '--brand-primary': '#7a1f5c' })));

    const release = await holdAppScript(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const skeleton = page.locator('[data-boot-skeleton]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Laden…' })).toBeAttached();
    const header = page.locator('.boot-header');
    await expect(header).toBeVisible();
    expect((await header.boundingBox())!.height).toBe(83);
    await expect(page.locator('.boot-logo')).toHaveCSS('background-color', 'rgb(122, 31, 92)');
    // the first screen's largest element, painted by the page from the call it made itself: the project's name
    // and welcome text (its markup cleaned: no script, no attributes), before the app has run
    await expect(skeleton.getByRole('heading', { level: 1, name: 'Renovatie Bloemenbuurt' })).toBeVisible();
    const welcome = skeleton.getByRole('region', { name: 'Welkom' });
    await expect(welcome.getByText('Op dit portaal vindt u alles over de werkzaamheden aan uw woning', { exact: false })).toBeVisible();
    await expect(welcome.locator('script, [onclick], [href], [style]')).toHaveCount(0);
    await checkPage(page, 'boot-skeleton');
    await expect(skeleton).toBeVisible(); // still the HTML alone

    release();
    await expect(skeleton).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-fixed-header]')).toBeVisible();
  });

  test('the login page’s skeleton has no header', async ({ page }) => {
    const release = await holdAppScript(page);
    await page.goto('/inloggen', { waitUntil: 'commit' });
    await expect(page.locator('[data-boot-skeleton]')).toBeVisible();
    await expect(page.locator('.boot-header')).toBeHidden();
    // the customer's logo, the login page's largest element, painted before the app has run
    await expect(page.locator('[data-boot-skeleton]').getByRole('img', { name: 'Woonstad Vernieuwd' })).toBeVisible();
    await checkPage(page, 'boot-skeleton-login');
    release();
    await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeVisible();
  });

  test('on a phone an option’s label stays beside its picture and amounts stay on one line', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Keuzes voor uw keuken/ }).click();
    await expect(page).toHaveURL(/\/formulier\/keuze\/\d+\/0$/);
    const labels = page.locator('[data-option-label]').filter({ has: page.locator('img') });
    await expect(labels.first()).toBeVisible();
    for (const label of await labels.all()) {
      const picture = (await label.locator('img').boundingBox())!;
      const text = (await label.locator('img + span').boundingBox())!;
      expect(text.x, `${await label.textContent()}: the text starts beside the picture`).toBeGreaterThanOrEqual(picture.x + picture.width);
      expect(text.y, `${await label.textContent()}: the text is not under the picture`).toBeLessThan(picture.y + picture.height);
    }
    // '+ € 1.250,50': sign and amount are joined by no-break spaces and make one line
    const price = page.getByText('+ € 1.250,50');
    await expect(price).toBeVisible();
    expect(await price.textContent()).toBe('+\u00a0€\u00a01.250,50');
    const lineHeight = await price.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await price.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.getByRole('radio', { name: /Antraciet/ }).check();
    const total = page.getByText(/^Totaal extra kosten: €/);
    await expect(total).toBeVisible();
    expect(await total.textContent()).toMatch(/€\u00a0\d/);
    await checkPage(page, 'choice-options-phone');
  });

  test('on a phone the signature pad uses the width and keeps its 922:300 drawing', async ({ page, mail }) => {
    // Jan's entry of the form goes before and after (the generic-form spec may have finished it; it starts from none).
    const dropEntry = () => withDatabase(mail, (db) => db.query(`DELETE FROM form_entries WHERE form_id = (SELECT id FROM forms WHERE name = 'Uw wensen voor de renovatie')
      AND address_id = (SELECT id FROM addresses WHERE zipcode = '1234AB' AND house_number = '10')`));
    await dropEntry();
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Uw woning en de renovatie/ }).click();
    await page.getByRole('link', { name: /Uw wensen voor de renovatie/ }).click();
    await expect(page).toHaveURL(/\/formulier\/formulier\/\d+\/\d+\/\d+$/);
    await page.goto(page.url().replace(/\/\d+$/, '/2'));
    const canvas = signatureArea(page).locator('canvas');
    await expect(canvas).toBeVisible();
    const box = (await canvas.boundingBox())!;
    expect(box.width, 'the pad uses the width of the phone').toBeGreaterThanOrEqual(335);
    expect(Math.abs(box.height - (box.width * 300) / 922)).toBeLessThanOrEqual(1.5);
    // the drawing itself keeps the size the server stores
    expect(await canvas.evaluate((el: HTMLCanvasElement) => [el.width, el.height])).toEqual([922, 300]);
    await checkPage(page, 'signature-phone');
    await dropEntry();
  });

  test('the profile shows initials and says which card is one’s own', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/profiel');
    const jan = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: /Jan de Vries/ }) });
    await expect(jan.getByTestId('avatar')).toHaveText('JV');
    await expect(jan.getByRole('heading', { level: 2 })).toHaveText('Jan de VriesDit bent u');
    await expect(jan.getByText('U', { exact: true })).toHaveCount(0);
    await checkPage(page, 'profile-avatars');
  });

  test('the console: Dutch texts for settings, one Dutch file picker, and the news preview with its image', async ({ page }) => {
    test.setTimeout(120_000);
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);

    // the complaints module's name is explained in Dutch, not by its field name
    await page.goto(`/beheer/projecten/${projectId}/instellingen`);
    await expect(page.getByText('Bewoners zien deze naam als titel van de klachtenmodule', { exact: false })).toBeVisible();
    await expect(page.getByText(/module_18_name/)).toHaveCount(0);

    // the form import: a Dutch button and the chosen file's name
    await page.goto(`/beheer/projecten/${projectId}/formulieren`);
    await page.getByRole('button', { name: 'Formulier importeren (JSON)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formulier importeren' });
    await expectDutchFilePickers(dialog);
    await expect(dialog.getByText('Bestand kiezen', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Geen bestand gekozen')).toBeVisible();
    await dialog.getByLabel('Bestand').setInputFiles({ name: 'formulier.json', mimeType: 'application/json', buffer: Buffer.from('{}') });
    await expect(dialog.getByText('formulier.json')).toBeVisible();
    await expect(dialog.getByText('Ander bestand kiezen', { exact: true })).toBeVisible();
    await checkPage(page, 'console-file-picker-import');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();

    // the address import
    await page.goto(`/beheer/projecten/${projectId}/adressen/import`);
    await expect(page.getByText('CSV-bestand', { exact: true })).toBeVisible();
    await expectDutchFilePickers(page);
    await checkPage(page, 'console-file-picker-addresses');

    // an existing news article: the preview shows its image (loaded, not a broken link)
    await page.goto(`/beheer/projecten/${projectId}/inhoud/nieuws`);
    await page.getByRole('link', { name: /De renovatie is begonnen/ }).first().click();
    const preview = page.getByRole('region', { name: 'Voorbeeld' });
    const image = preview.locator('img').first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectDutchFilePickers(page);
    await checkPage(page, 'console-news-preview');

    // an image put into the text: the preview shows it (the upload's signed link used to be dropped by the cleaning)
    await page.getByRole('button', { name: 'Afbeelding', exact: true }).click();
    await page.getByLabel('Afbeelding (png of jpeg)').setInputFiles({ name: 'steiger.png', mimeType: 'image/png', buffer: makePng(300, 200, [200, 80, 20]) });
    await expect(page.getByText('steiger.png')).toBeVisible();
    await page.getByRole('button', { name: 'Afbeelding invoegen' }).click();
    const inline = preview.locator('.staff-html img');
    await expect(inline).toHaveCount(1);
    await expect(inline).toHaveAttribute('src', /^\/api\/files\/\d+\/[^?]+$/);
    await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    await checkPage(page, 'console-news-inline-image');
  });
});
