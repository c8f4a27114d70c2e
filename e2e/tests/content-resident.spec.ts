import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { checkPage, DEMO, errorSummary, expect, fieldError, loginAsResident, screenshots, test } from './fixtures';
import { expectFittedMarkers, failTiles, serveTiles } from './map-tiles';

/**
 * The read-only content modules as a logged-in resident (Jan de Vries, Tulpstraat 10, Renovatie
 * Bloemenbuurt): every page on its resident path, with axe checks and screenshots at 375 and 1280 px.
 * Expectations come from the demo data, read through the API where a page must show what the server has.
 */

type NewsArticle = { id: number; title: string; date: string; is_new: boolean };
type InformationItem = { id: number; title: string; menuitem_id: number | null; access_to_home_required: boolean; indicators: Array<{ name: string; value: number }> };
type Schedule = { month: string; months_with_items: string[]; sorted_scheduled_items: Record<string, Array<{ title: string; item: { id: number; highlight: boolean; title: string } }>> };
type Doc = { id: number; subject: string; fetched: boolean };

/** GET an occupant call with the page's stored session. */
async function occupantGet<T>(page: Page, path: string): Promise<T> {
  const { token, projectId } = await page.evaluate(() => ({ token: localStorage.getItem('portal.token'), projectId: localStorage.getItem('portal.project_id') }));
  const response = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, params: { language: 'nl', project_id: projectId ?? '' } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The whole planning, month by month (the API answers one month at a time): the days with their entries. */
async function wholePlanning(page: Page): Promise<Schedule['sorted_scheduled_items']> {
  const { months_with_items: months } = await occupantGet<Schedule>(page, '/occupant/schedule');
  const answers = await Promise.all(months.map((month) => occupantGet<Schedule>(page, `/occupant/schedule?month=${month}`)));
  return Object.assign({}, ...answers.map((a) => a.sorted_scheduled_items)) as Schedule['sorted_scheduled_items'];
}

const tiles = (page: Page) => page.getByRole('navigation', { name: 'Onderdelen van het project' });
/** The new-items count on a dashboard tile (0 without a badge). */
const tileCount = async (page: Page, module: string) => {
  const badge = tiles(page).locator(`[data-module="${module}"] > span.absolute`);
  return (await badge.count()) ? Number((await badge.innerText()).replace(/\D/g, '')) : 0;
};
const newsCount = (page: Page) => tileCount(page, 'news');

test.describe('content modules for a resident', () => {
  // every test checks its pages with axe and screenshots at two widths: more than the default minute
  test.describe.configure({ timeout: 150_000 });

  test.beforeEach(async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('news: the first article opens by default, the list marks it, and reading lowers the dashboard count', async ({ page }) => {
    const articles = await occupantGet<NewsArticle[]>(page, '/occupant/news');
    expect(articles.length).toBeGreaterThan(1);
    const unread = articles.filter((a) => a.is_new);
    const before = unread.length;
    await expect(tiles(page).locator('[data-module="news"]')).toBeVisible();
    await expect.poll(() => newsCount(page)).toBe(before);

    await tiles(page).getByRole('link', { name: /Nieuws/ }).click();
    await expect(page).toHaveURL(/\/nieuws$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    const first = articles[0]!;
    await expect(page.getByRole('article').getByRole('heading', { level: 2, name: first.title })).toBeVisible();
    await expect(page.getByRole('article')).toContainText(first.date);
    const list = page.getByRole('navigation', { name: 'Nieuwsberichten' });
    await expect(list.getByRole('link', { name: first.title })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('article').locator('img').first()).toBeVisible();
    await checkPage(page, 'resident-news');

    // another unread article, opened from the list
    const other = articles.find((a) => a.is_new && a.id !== first.id) ?? articles[1]!;
    await list.getByRole('link', { name: other.title }).click();
    await expect(page).toHaveURL(new RegExp(`/nieuws/${other.id}$`));
    await expect(page.getByRole('article').getByRole('heading', { level: 2, name: other.title })).toBeVisible();
    await expect(list.getByRole('link', { name: other.title })).toHaveAttribute('aria-current', 'page');

    // both are read now: the dashboard counts them down
    const readNow = new Set([first.id, other.id]);
    const expected = unread.filter((a) => !readNow.has(a.id)).length;
    expect(expected).toBeLessThan(before);
    await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => newsCount(page)).toBe(expected);

    // below 640 px the list is a labelled dropdown that opens the chosen article
    await page.goto('/nieuws');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(list).toBeHidden();
    const select = page.getByRole('combobox', { name: 'Nieuwsberichten' });
    await expect(select).toBeVisible();
    await select.selectOption(String(articles[2]!.id));
    await expect(page).toHaveURL(new RegExp(`/nieuws/${articles[2]!.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: articles[2]!.title })).toBeVisible();
  });

  test('complaints: titled by the project setting, list beside the open item', async ({ page }) => {
    await tiles(page).getByRole('link', { name: /Meldingen/ }).click();
    await expect(page).toHaveURL(/\/complaints\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Onderwerpen' });
    await list.getByRole('link', { name: 'Een melding doen over de werkzaamheden' }).click();
    await expect(page).toHaveURL(/\/complaints\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Een melding doen over de werkzaamheden' })).toBeVisible();
    await expect(page.getByText('twee werkdagen')).toBeVisible();
    // residents also see the items that are not public
    await expect(list.getByRole('link', { name: 'Spoed buiten werktijden' })).toBeVisible();
    await checkPage(page, 'resident-complaints');
  });

  test('information: grouped by menu; the detail shows the access banner, indicators and partners', async ({ page }) => {
    const items = await occupantGet<InformationItem[]>(page, '/occupant/information');
    const kitchen = items.find((i) => i.title === 'Nieuwe keuken')!;
    await page.goto('/informatie/');
    await expect(page.getByRole('heading', { level: 1, name: 'Informatie' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Onderwerpen' });
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Werkzaamheden binnen', 'Werkzaamheden buiten', 'Overige informatie']);
    await expect(list.getByRole('link', { name: 'Mechanische ventilatie' })).toBeVisible(); // not public, but ours
    await list.getByRole('link', { name: 'Nieuwe keuken' }).click();
    await expect(page).toHaveURL(`/informatie/${kitchen.id}`);

    const article = page.getByRole('article');
    await expect(article.getByText('Let op: Toegang tot de woning is noodzakelijk')).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Nieuwe keuken' })).toBeVisible();
    const indicators = article.getByRole('list', { name: 'Indicatoren' }).getByRole('listitem');
    await expect(indicators).toHaveCount(3);
    await expect(indicators.nth(0)).toContainText('Geluidsoverlast');
    await expect(indicators.nth(0)).toContainText('80 van 100 (zeer hoog)');
    await expect(indicators.nth(0)).toHaveAttribute('data-indicator-status', 'exception');
    await expect(indicators.nth(1)).toContainText('60 van 100 (hoog)');
    await expect(indicators.nth(1)).toHaveAttribute('data-indicator-status', 'normal');
    await expect(indicators.nth(2)).toContainText('30 van 100 (gemiddeld)');
    // every icon has its meaning written beside it
    await expect(article.getByRole('list', { name: 'Kenmerken' }).getByRole('listitem')).toHaveText(['Keuken', 'Water', 'Elektra', 'Sleutel']);
    await expect(article.getByRole('heading', { name: 'Deze werkzaamheden worden uitgevoerd door:' })).toBeVisible();
    await expect(article.getByRole('img', { name: 'Bouwbedrijf Van Dijk' })).toBeVisible();
    await expect(article.getByRole('img', { name: 'Installatiebedrijf Bakker' })).toBeVisible();
    await expect(list.getByRole('link', { name: /Nieuwe keuken/ })).toHaveAttribute('aria-current', 'page');
    // staff HTML is sanitised: the demo's <script> is gone
    expect(await article.locator('script').count()).toBe(0);
    await checkPage(page, 'resident-information');

    await page.setViewportSize({ width: 375, height: 812 });
    // at 375 px an indicator's name and value (with its status icon) do not overlap, and names break between words only
    for (const row of await indicators.all()) {
      const [name, value] = await row.locator('div').first().locator(':scope > span').evaluateAll((spans) => spans.map((s) => {
        const b = s.getBoundingClientRect();
        return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, lines: Math.round(b.height / parseFloat(getComputedStyle(s).lineHeight)) };
      }));
      const overlap = name!.left < value!.right && value!.left < name!.right && name!.top < value!.bottom && value!.top < name!.bottom;
      expect(overlap, await row.innerText()).toBe(false);
      expect(name!.lines, await row.innerText()).toBe(1);
    }
    const select = page.getByRole('combobox', { name: 'Onderwerpen' });
    await expect(select).toBeVisible();
    await expect(select.locator('optgroup')).toHaveCount(3);
    await select.selectOption(String(items.find((i) => i.title === 'Steigers rond uw woning')!.id));
    await expect(page.getByRole('heading', { level: 2, name: 'Steigers rond uw woning' })).toBeVisible();
    await expect(page.getByText('Let op: Toegang tot de woning is noodzakelijk')).toHaveCount(0);
  });

  test('FAQ: a list with the same detail view', async ({ page }) => {
    await page.goto('/faq/');
    await expect(page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Vragen' });
    await expect(list.getByRole('heading')).toHaveCount(0); // no menu groups
    await list.getByRole('link', { name: 'Moet ik thuis zijn tijdens de werkzaamheden?' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Moet ik thuis zijn tijdens de werkzaamheden?' })).toBeVisible();
    await expect(page.getByText('sleutel afgeeft in de bouwkeet')).toBeVisible();
    await expect(list.getByRole('link', { name: 'Krijg ik een vergoeding?' })).toBeVisible();
    await checkPage(page, 'resident-faq');
  });

  test('planning: month calendar with navigation, a day with an important item that opens', async ({ page }) => {
    // the planning tile counts the whole planning, all months; opening the planning (one month) reads it all
    await expect(tiles(page).locator('[data-module="scheduling"]')).toBeVisible();
    await expect.poll(() => tileCount(page, 'scheduling')).toBeGreaterThan(0);
    await page.goto('/planning/');
    await expect(page.getByRole('heading', { level: 1, name: 'Planning' })).toBeVisible();
    await expect(page.getByText('onder voorbehoud')).toBeVisible(); // the schedule's comment
    await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
    await expect.poll(() => tileCount(page, 'scheduling')).toBe(0);

    const planning = await wholePlanning(page);
    const days = Object.keys(planning).sort();
    const [importantDay, entries] = Object.entries(planning).sort(([a], [b]) => a.localeCompare(b)).find(([day, list]) => day >= today() && list.some((e) => e.item.highlight))!;
    const important = entries.find((e) => e.item.highlight)!;

    await page.goto('/planning/');
    const calendar = page.getByRole('region', { name: 'Kalender' });
    const month = calendar.getByTestId('calendar-month');
    const shown = await month.innerText();
    // the day that opens by default is the first planned day from today on
    const firstUpcoming = days.find((d) => d >= today())!;
    await expect(calendar.locator(`[data-day="${firstUpcoming}"]`)).toHaveAttribute('aria-current', 'date');

    // month navigation, by keyboard
    const next = calendar.getByRole('button', { name: /^Volgende maand/ });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(month).not.toHaveText(shown);
    await calendar.getByRole('button', { name: /^Vorige maand/ }).press('Enter');
    await expect(month).toHaveText(shown);

    // open the important day from the calendar (it may lie in the next month)
    if (!(await calendar.locator(`[data-day="${importantDay}"]`).count())) await next.click();
    const dayLink = calendar.locator(`[data-day="${importantDay}"]`);
    await expect(dayLink).toHaveAttribute('data-important', 'true');
    await expect(dayLink).toHaveAccessibleName(/waarvan belangrijk/);
    await dayLink.click();
    await expect(page).toHaveURL(`/planning/${importantDay}`);
    await expect(dayLink).toHaveAttribute('aria-current', 'date');
    const toggle = page.getByRole('button', { name: `Belangrijk: ${important.title}` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await expect(panel).toBeVisible();
    await checkPage(page, 'resident-planning');

    // a deep link to a day and item opens that item (the spec's item_nr: its position within the day, from 0)
    await page.goto(`/planning/${importantDay}/${entries.indexOf(important)}`);
    await expect(page.getByRole('button', { name: `Belangrijk: ${important.title}` })).toHaveAttribute('aria-expanded', 'true');
  });

  test('planning: a deep link to a day of a later month loads that month, with the item open', async ({ page }) => {
    const planning = await wholePlanning(page);
    const { month: first } = await occupantGet<Schedule>(page, '/occupant/schedule');
    const lastDay = Object.keys(planning).sort().at(-1)!;
    expect(lastDay.slice(0, 7) > first).toBe(true); // the demo plans into a later month than the one the planning opens with
    const item = planning[lastDay]![0]!;

    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/occupant/schedule')) asked.push(new URL(request.url()).searchParams.get('month') ?? '');
    });
    // the spec's item_nr: the item's position within the day, from 0
    await page.goto(`/planning/${lastDay}/0`);
    const calendar = page.getByRole('region', { name: 'Kalender' });
    const caption = calendar.getByTestId('calendar-month');
    await expect(caption).toHaveText(monthCaption(lastDay));
    await expect(calendar.locator(`[data-day="${lastDay}"]`)).toHaveAttribute('aria-current', 'date');
    await expect(page.getByRole('button', { name: new RegExp(`${item.title}$`) })).toHaveAttribute('aria-expanded', 'true');
    expect(asked).toEqual([lastDay.slice(0, 7)]); // that month only, not the whole planning nor the first month

    // and from there back, month with items by month with items, to the month the planning opens with
    const back = calendar.getByRole('button', { name: /^Vorige maand/ });
    for (let i = 0; i < 12 && !monthCaption(first).test(await caption.innerText()); i++) await back.click();
    await expect(caption).toHaveText(monthCaption(first));
    await expect(calendar.locator(`[data-day^="${first}-"]`).first()).toBeVisible();
  });

  test('work order: numbered list with statuses, own address marked; the map fits its markers at 1280 px, none at 375 px', async ({ page }) => {
    const zooms = await serveTiles(page);
    await page.goto('/werk-volgorde/');
    await expect(page.getByRole('heading', { level: 1, name: 'Werkvolgorde' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Volgorde van de adressen', exact: true }).getByRole('listitem');
    await expect(list.first()).toContainText('Tulpstraat 12');
    await expect(list.first()).toContainText('Gereed');
    await expect(list.first().locator('[data-icon="check"]')).toBeVisible();
    const own = list.filter({ hasText: 'Uw adres' });
    await expect(own).toHaveCount(1);
    await expect(own).toContainText('Tulpstraat 10');
    await expect(own).toHaveAttribute('aria-current', 'location');
    await expect(page.getByText('Uw adres heeft nummer 2 in de werkvolgorde.')).toBeVisible();
    await expect(list.filter({ hasText: 'In uitvoering' }).first().locator('[data-icon="gear"]')).toBeVisible();
    await expect(list.filter({ hasText: 'In voorbereiding' }).first().locator('[data-icon="gear"]')).toBeVisible();
    await expect(list).toHaveCount(33);
    await expect(page.getByRole('button', { name: 'Meer laden' })).toHaveCount(0);

    const map = page.getByTestId('map');
    await expect(map).toBeVisible();
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
    expect(await map.locator('.leaflet-marker-icon').count()).toBe(await list.count());
    await expect(map.locator('.leaflet-marker-icon', { hasText: /^1$/ })).toHaveAttribute('title', /^1\. Tulpstraat 12/);
    await expect(map.locator('.leaflet-marker-icon', { hasText: /^2$/ })).toHaveAttribute('title', /^2\. Tulpstraat 10.* – Uw adres$/);
    // fitted to the neighbourhood: closer than the spec's zoom 11, which put all 33 markers on one point
    await expectFittedMarkers(map);
    expect(Math.max(...zooms)).toBeGreaterThanOrEqual(14);
    await expect(map.getByText('De kaart kan niet worden geladen')).toHaveCount(0);
    await checkPage(page, 'resident-work-order');

    // 375 px: no map; each line shows its number, the address on two lines at most, and the status as an icon with its text
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(map).toHaveCount(0);
    await expect(list.first()).toBeVisible();
    const lines = await list.evaluateAll((items) => items.map((li) => {
      const [street, place] = Array.from(li.querySelectorAll('p:first-of-type > span.block')) as HTMLElement[];
      const oneLine = (el: HTMLElement | undefined) => !!el && el.getBoundingClientRect().height <= parseFloat(getComputedStyle(el).lineHeight) * 1.5;
      const status = li.querySelector('p:last-of-type');
      return { street: oneLine(street), place: oneLine(place), icon: !!status?.querySelector('svg[data-icon]'), text: status?.textContent ?? '' };
    }));
    expect(lines).toHaveLength(33);
    for (const line of lines) expect(line).toMatchObject({ street: true, place: true, icon: true, text: expect.stringMatching(/Gereed|In uitvoering|In voorbereiding/) });
  });

  test('work order: without tiles the map says so and the list stays; more addresses load on demand', async ({ page }) => {
    await failTiles(page);
    // pages of 10 instead of 100, so that the demo's 33 addresses take four
    await page.route(/\/api\/occupant\/workorder\?/, (route) => route.continue({ url: `${route.request().url()}&limit=10` }));
    await page.goto('/werk-volgorde/');
    const map = page.getByTestId('map');
    await expect(map.getByRole('status')).toHaveText('De kaart kan niet worden geladen; hieronder staat de lijst.');
    const list = page.getByRole('region', { name: 'Volgorde van de adressen', exact: true }).getByRole('listitem');
    await expect(list).toHaveCount(10);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(10);
    await expect(list.nth(9)).toContainText('Rozenstraat');
    await screenshots(page, 'resident-work-order-no-tiles');

    const more = page.getByRole('button', { name: 'Meer laden' });
    for (const count of [20, 30, 33]) {
      await more.click();
      await expect(list).toHaveCount(count);
      // the map follows: a marker for every loaded entry, all inside the map
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(count);
    }
    await expectFittedMarkers(map);
    await expect(more).toHaveCount(0);
    await expect(list.last()).toContainText('33');
    await expect(list.last()).toContainText('Narcisstraat 19');
  });

  test('partners: cards with logo, name and their information items; a map of the partners', async ({ page }) => {
    await page.goto('/partners/');
    await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
    const card = page.getByTestId('partner-card').filter({ has: page.getByRole('heading', { name: 'Bouwbedrijf Van Dijk' }) });
    await expect(card.getByRole('img', { name: 'Logo Bouwbedrijf Van Dijk' })).toBeVisible();
    const logo = await card.getByRole('img').boundingBox();
    expect(logo!.width).toBeLessThanOrEqual(200);
    expect(logo!.height).toBeLessThanOrEqual(150);
    await expect(page.getByTestId('map').locator('.leaflet-marker-icon').first()).toBeVisible();
    await checkPage(page, 'resident-partners');
    await card.getByRole('link', { name: 'Nieuwe keuken' }).click();
    await expect(page).toHaveURL(/\/informatie\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Nieuwe keuken' })).toBeVisible();
  });

  test('documents: a download marks the document fetched', async ({ page }) => {
    const documents = await occupantGet<Doc[]>(page, '/occupant/documents');
    const fresh = documents.find((d) => !d.fetched)!;
    expect(fresh).toBeDefined();
    await page.goto('/documenten/');
    await expect(page.getByRole('heading', { level: 1, name: 'Documenten' })).toBeVisible();
    const row = page.getByTestId('document').filter({ has: page.getByRole('heading', { name: fresh.subject, exact: true }) });
    await expect(row.getByTestId('document-status')).toHaveText('Nieuw');
    await checkPage(page, 'resident-documents');

    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${fresh.subject}` }).click();
    expect((await download).suggestedFilename()).toMatch(/\.(pdf|svg|png)$/);
    await expect(row.getByTestId('document-status')).toHaveText('Gedownload');
    await expect.poll(async () => (await occupantGet<Doc[]>(page, '/occupant/documents')).find((d) => d.id === fresh.id)!.fetched).toBe(true);
    await page.reload();
    await expect(row.getByTestId('document-status')).toHaveText('Gedownload');
  });

  test('dossier: a download per item, and the e-mail modal with its validation and confirmation', async ({ page, mail }) => {
    await page.goto('/dossier/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dossier' })).toBeVisible();
    const items = page.getByTestId('dossier-item');
    await expect(items.first()).toBeVisible();
    // a link signed for the session (id.expiry.signature), never the session token
    await expect(items.first().getByRole('link', { name: /^Download / })).toHaveAttribute('href', /\/api\/files\/\d+\/[^?]+\?token=\d+\.\d+\.[\w-]+$/);
    await checkPage(page, 'resident-dossier');

    await page.getByRole('button', { name: 'Download dossier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dossier per e-mail ontvangen' });
    await expect(dialog).toBeVisible();
    const email = dialog.getByLabel('E-mailadres');
    await expect(email).toBeFocused();
    // prefilled from the profile of the person logged in
    await expect(email).toHaveValue(DEMO.residentEmail);
    await email.fill('');
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(errorSummary(dialog)).toBeFocused();
    await expect(fieldError(dialog, 'Vul hier een e-mailadres in')).toBeVisible();
    await email.fill('jan@voorbeeld');
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(fieldError(dialog, 'Vul een geldig e-mailadres in')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page, 'resident-dossier-modal');

    await mail.clear();
    const address = 'dossier-test@example.nl';
    await email.fill(address);
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(dialog.getByText('Dossier download verzoek verstuurd')).toBeVisible();
    const message = await mail.waitFor({ to: address });
    expect(message.subject.toLowerCase()).toContain('dossier');
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(dialog).toBeHidden();
  });

  test('no link or image carries the session token; downloads work through signed links, even after they expired', async ({ page }) => {
    const session = await page.evaluate(() => localStorage.getItem('portal.token') ?? sessionStorage.getItem('portal.token'));
    expect(session).toBeTruthy();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    for (const path of ['/dossier/', '/documenten/', '/contactpersonen/', '/partners/', '/nieuws']) {
      await page.goto(path);
      await expect(page.locator('a[href^="/api/files/"], img[src^="/api/files/"]').first(), path).toBeAttached();
      // every uploaded image loads (the non-public ones through their signed links)
      await expect.poll(() => page.evaluate(() => [...document.images]
        .filter((img) => img.getAttribute('src')!.startsWith('/api/files/') && (!img.complete || !img.naturalWidth)).map((img) => img.src)), path).toEqual([]);
      const urls = await page.evaluate(() => [
        ...[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!),
        ...[...document.querySelectorAll('img[src]')].map((img) => img.getAttribute('src')!),
      ]);
      expect(urls.filter((url) => url.includes('/api/files/')).length, path).toBeGreaterThan(0);
      for (const url of urls) expect(url, path).not.toContain(session!);
    }

    // a dossier download: a plain click asks for a freshly signed link, so a link that expired while the page
    // was open (here: its signature spoilt) still downloads
    await page.goto('/dossier/');
    const item = page.getByTestId('dossier-item').filter({ has: page.getByRole('heading', { name: 'Plattegrond begane grond', exact: true }) });
    const link = item.getByRole('link', { name: /^Download / });
    const href = (await link.getAttribute('href'))!;
    expect((await page.request.get(href)).status()).toBe(200); // the signed link itself opens the file
    await link.evaluate((a: HTMLAnchorElement) => a.setAttribute('href', a.getAttribute('href')!.replace(/\.[\w-]+$/, '.verlopen')));
    expect((await page.request.get((await link.getAttribute('href'))!)).status()).toBe(401);
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.(pdf|svg|png)$/);
    expect(file.url()).toMatch(/\/api\/files\/\d+\/[^?]+\?token=\d+\.\d+\.[\w-]+$/);
    expect(file.url()).not.toContain('.verlopen');
    expect(requested.filter((url) => /\/api\/files\/\d+\/link\?/.test(url))).toHaveLength(1);
    expect(fs.statSync((await file.path())!).size).toBeGreaterThan(100);
    await expect(item.getByTestId('dossier-item-status')).toHaveText('Gedownload');

    // nothing the page asked for carried the session token in its address
    expect(requested.filter((url) => url.includes(session!))).toEqual([]);
  });

  test('contact persons: cards with name, links and a Chat link when chatting is possible', async ({ page }) => {
    await page.goto('/contactpersonen/');
    await expect(page.getByRole('heading', { level: 1, name: 'Contactpersonen' })).toBeVisible();
    const sanne = page.getByTestId('contact-card').filter({ has: page.getByRole('heading', { name: 'Sanne Visser' }) });
    await expect(sanne).toContainText('Bewonersconsulent');
    await expect(sanne.getByRole('link', { name: 'sanne.visser@woonstad-vernieuwd.nl' })).toHaveAttribute('href', 'mailto:sanne.visser@woonstad-vernieuwd.nl');
    await expect(sanne.getByRole('link', { name: '0612345670' })).toHaveAttribute('href', 'tel:0612345670');
    await expect(sanne.getByRole('link', { name: 'Chat met Sanne Visser' })).toHaveAttribute('href', '/berichten/');
    const lisa = page.getByTestId('contact-card').filter({ has: page.getByRole('heading', { name: 'Lisa de Boer' }) });
    await expect(lisa).toBeVisible(); // name with affix; not public, but the resident sees her
    // her avatar is a file of a non-public item: it loads through the link signed for the resident's session
    await expect.poll(() => lisa.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const mohamed = page.getByTestId('contact-card').filter({ has: page.getByRole('heading', { name: 'Mohamed Yilmaz' }) });
    await expect(mohamed.getByRole('link', { name: /^Chat/ })).toHaveCount(0);
    await checkPage(page, 'resident-contacts');
    await sanne.getByRole('link', { name: 'Chat met Sanne Visser' }).click();
    await expect(page).toHaveURL(/\/berichten\/?$/);
  });

  test('every module page leads back to the dashboard', async ({ page }) => {
    for (const path of ['/nieuws', '/complaints/', '/informatie/', '/faq/', '/planning/', '/werk-volgorde/', '/partners/', '/documenten/', '/dossier/', '/contactpersonen/']) {
      await page.goto(path);
      await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
  });
});

/** The calendar's caption of the month of a day or month (YYYY-MM[-DD]): 'December 2026'. */
function monthCaption(day: string): RegExp {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new RegExp(`^${new Date(year, month - 1, 1).toLocaleDateString('nl-NL', { month: 'long', year: 'numeric' })}$`, 'i');
}

/** Today in Amsterdam as YYYY-MM-DD (the suite runs with TZ=Europe/Amsterdam). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
