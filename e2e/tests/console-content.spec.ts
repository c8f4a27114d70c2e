import type { Page } from '@playwright/test';
import { bloemenbuurtId, residentPage } from './console-helpers';
import { checkPage, DEMO, errorSummary, expect, loginToConsole, test } from './fixtures';
import { keepingJansPlanningNew } from './db';
import { makePng } from './images';

const tiles = (page: Page) => page.getByRole('navigation', { name: 'Onderdelen van het project' });
/** The new-items count on a dashboard tile (0 without a badge). */
async function tileCount(page: Page, module: string): Promise<number> {
  const badge = tiles(page).locator(`[data-module="${module}"] > span.absolute`);
  return (await badge.count()) ? Number((await badge.innerText()).replace(/\D/g, '')) : 0;
}

/** The rich text editor's text area (a textbox named by the field's label). */
const editorBox = (page: Page, label = 'Inhoud') => page.getByRole('textbox', { name: label, exact: true });

test.describe('content in the staff console', () => {
  test.describe.configure({ timeout: 240_000 }); // several pages checked with axe at two widths

  test('write a news article with an image as a draft, publish it, and the resident sees it on the dashboard count and /nieuws', async ({ page, browser }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/inhoud`);
    await expect(page.getByRole('heading', { level: 1, name: `Inhoud: ${DEMO.project}` })).toBeVisible();
    await checkPage(page, 'console-content-overview');

    await page.getByRole('link', { name: /^Nieuws/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    await expect(page.locator('[data-status]').first()).toBeVisible();
    await checkPage(page, 'console-news-list');

    // the resident's count before
    const resident = await residentPage(browser);
    await expect(tiles(resident).locator('[data-module="news"]')).toBeVisible();
    const before = await tileCount(resident, 'news');

    // a new article: the title is required (the contract's rule, in the browser)
    await page.getByRole('link', { name: 'Nieuw bericht' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuw bericht' })).toBeVisible();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(errorSummary(page)).toContainText('Vul een titel in');

    const title = `Glasvezel in de Tulpstraat ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Titel' }).fill(title);
    const box = editorBox(page);
    await box.click();
    await page.keyboard.type('De aansluiting is ');
    // The toolbar gives the focus back to the text: type only once it is there (a busy machine takes its time).
    await page.getByRole('button', { name: 'Vet' }).click();
    await expect(box).toBeFocused();
    await page.keyboard.type('gratis');
    await page.getByRole('button', { name: 'Vet' }).click();
    await expect(box).toBeFocused();
    await page.keyboard.type(' voor alle bewoners.');
    await expect(box.locator('strong')).toHaveText('gratis');
    // the toolbar is one tab stop; arrow keys move within it
    await page.getByRole('button', { name: 'Vet' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Cursief' })).toBeFocused();

    await page.locator('input[type="file"][name="image_id"]').setInputFiles({ name: 'glasvezel.png', mimeType: 'image/png', buffer: makePng(640, 360, [11, 83, 148]) });
    await expect(page.getByText('Afbeelding geüpload')).toBeVisible();

    // saved as a draft first: nothing changes for the resident
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(/\/nieuws\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Nieuwsbericht: ${title}` })).toBeVisible();
    await expect(page.getByText('Status:').locator('..').locator('[data-status]')).toHaveText('Concept');
    await resident.reload();
    await expect(tiles(resident).locator('[data-module="news"]')).toBeVisible();
    expect(await tileCount(resident, 'news')).toBe(before);

    // the preview: as a resident (the portal's own article component), and as a visitor (not public)
    const preview = page.getByRole('region', { name: 'Voorbeeld' });
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview.locator('img').first()).toBeVisible();
    await preview.getByText('Als bezoeker (publiek)').click();
    await expect(preview.getByText('Niet zichtbaar voor publiek')).toBeVisible();
    await preview.getByText('Als bewoner').click();
    await checkPage(page, 'console-news-edit');

    // publish now
    await page.getByRole('radio', { name: 'Publiceren vanaf een datum en tijd' }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Status:').locator('..').locator('[data-status]')).toHaveText('Gepubliceerd');
    await expect(page.getByText('Opgeslagen').first()).toBeVisible();

    // the resident: the dashboard's news count went up by one, and /nieuws shows the article with its image
    await resident.reload();
    await expect.poll(() => tileCount(resident, 'news')).toBe(before + 1);
    await resident.goto('/nieuws');
    await expect(resident.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    await resident.getByRole('link', { name: new RegExp(title) }).first().click();
    const article = resident.getByRole('article', { name: title });
    await expect(article).toBeVisible();
    await expect(article.locator('strong')).toHaveText('gratis');
    const image = article.locator('img').first();
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await resident.context().close();
  });

  test('add and edit a planning day; the resident sees the change on /planning', async ({ page, browser, mail }) => {
    await loginToConsole(page);
    const projectId = await bloemenbuurtId(page);
    await page.goto(`/beheer/projecten/${projectId}/inhoud/planning`);
    await expect(page.getByRole('heading', { level: 1, name: 'Planning' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^\d{2}-\d{2}-\d{4}$/); // grouped by day
    await checkPage(page, 'console-planning-list');

    const day = new Date(Date.now() + 2 * 86_400_000);
    const dutch = `${String(day.getDate()).padStart(2, '0')}-${String(day.getMonth() + 1).padStart(2, '0')}-${day.getFullYear()}`;
    const iso = dutch.split('-').reverse().join('-');
    await page.getByRole('link', { name: 'Nieuw planningsitem' }).click();
    await page.getByRole('textbox', { name: 'Datum' }).fill(dutch);
    await page.getByRole('textbox', { name: 'Titel' }).fill('Glasvezel aansluiten');
    await page.getByRole('textbox', { name: 'Korte omschrijving' }).fill('Tussen 8 en 12 uur');
    await editorBox(page).click();
    await page.keyboard.type('De monteur komt binnen.');
    await page.getByRole('checkbox', { name: 'Toegang tot de woning is noodzakelijk' }).check();
    await page.getByRole('checkbox', { name: 'Bouwwerkzaamheden' }).check();
    await page.getByRole('radio', { name: 'Publiceren vanaf een datum en tijd' }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(/\/planning\/\d+$/);
    const itemId = Number(/\/planning\/(\d+)$/.exec(page.url())![1]);
    await checkPage(page, 'console-planning-edit');

    // edit the day: another title, marked important
    await page.getByRole('textbox', { name: 'Titel' }).fill('Glasvezel aansluiten (nieuwe tijd)');
    await page.getByRole('textbox', { name: 'Korte omschrijving' }).fill('Tussen 13 en 17 uur');
    await page.getByRole('checkbox', { name: 'Belangrijk (uitgelicht)' }).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Opgeslagen').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Planningsitem: Glasvezel aansluiten (nieuwe tijd)' })).toBeVisible();

    // Opening the planning marks all of it read for Jan: the marks this test leaves are taken away at the end.
    await keepingJansPlanningNew(mail, async () => {
      const resident = await residentPage(browser);
      // /planning/{day}/{item_nr}: the item's position within the day (from 0), as the spec's route says
      await resident.goto(`/planning/${iso}`);
      const dayView = resident.getByRole('region', { name: /^Planning voor/ });
      await expect(dayView.getByRole('button', { name: 'Belangrijk: Glasvezel aansluiten (nieuwe tijd)' })).toBeVisible();
      const titles = await dayView.locator('button[aria-expanded]').allTextContents();
      const nr = titles.findIndex((title) => title.includes('Glasvezel aansluiten (nieuwe tijd)'));
      expect(nr).toBeGreaterThanOrEqual(0);
      await resident.goto(`/planning/${iso}/${nr}`);
      const toggle = resident.getByRole('button', { name: 'Belangrijk: Glasvezel aansluiten (nieuwe tijd)' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(resident.getByText('Tussen 13 en 17 uur')).toBeVisible();
      await expect(resident.getByText('De monteur komt binnen.')).toBeVisible();
      await expect(resident.getByTestId('access-required').filter({ visible: true })).toHaveCount(1);
      await resident.context().close();
    });

    // the planning's settings page
    await page.goto(`/beheer/projecten/${projectId}/inhoud/planning/instellingen`);
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen van de planning' })).toBeVisible();
    await checkPage(page, 'console-planning-settings');

    // the item goes again (with a question first); that also drops the residents' cached counts
    await page.goto(`/beheer/projecten/${projectId}/inhoud/planning/${itemId}`);
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Verwijderen?' });
    await expect(confirm).toContainText('Glasvezel aansluiten (nieuwe tijd)');
    await confirm.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page).toHaveURL(new RegExp(`/inhoud/planning$`));
    await expect(page.getByRole('link', { name: 'Glasvezel aansluiten (nieuwe tijd)' })).toHaveCount(0);
  });
});
