import type { Page } from '@playwright/test';
import { apiLogin, checkPage, DEMO, expect, loginAsPartner, test } from './fixtures';

/**
 * The read-only content modules for a partner, opened from the partner dashboard's tiles on
 * /partner/<module>/{project_id}: the partner API (public and non-public items), the back button to
 * /partner/dashboard/{id}; axe checks and screenshots at 375 and 1280 px.
 */

/** Where each partner tile must lead; the others (chat inbox, intake) lead to other partner pages. */
const partnerPaths: Record<string, string> = {
  news: 'nieuws', information: 'informatie', faq: 'faq', scheduling: 'planning', contacts: 'contactpersonen',
  partners: 'partners', work_order: 'werk-volgorde', documents: 'documenten', complaints: 'complaints',
};

const back = async (page: Page, projectId: number) => {
  await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', `/partner/dashboard/${projectId}`);
};

test.describe('content modules for a partner', () => {
  test.describe.configure({ timeout: 150_000 });
  let id = 0;
  test.beforeAll(async ({ request }) => {
    const login = await apiLogin(request, { username: DEMO.partner.username, password: DEMO.partner.password });
    const customer = login.customers!.find((c) => c.name === DEMO.customer)!;
    const projects = (await (await request.get(`/api/partner/customer/${customer.id}/projects`, { headers: { authorization: `Bearer ${login.token}` }, params: { language: 'nl' } })).json()) as Array<{ id: number; name: string }>;
    id = projects.find((p) => p.name === DEMO.project)!.id;
  });

  test.beforeEach(async ({ page }) => {
    await loginAsPartner(page, DEMO.partner);
    await page.goto(`/partner/dashboard/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
  });

  test('the dashboard tiles lead to the partner pages', async ({ page }) => {
    const tiles = page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link');
    await expect(tiles.first()).toBeVisible();
    for (const tile of await tiles.all()) {
      const module = (await tile.getAttribute('data-module'))!;
      if (partnerPaths[module]) await expect(tile, module).toHaveAttribute('href', `/partner/${partnerPaths[module]}/${id}`);
      else await expect(tile, module).toHaveAttribute('href', /^\/partner\//);
    }
    await tiles.filter({ hasText: 'Nieuws' }).click();
    await expect(page).toHaveURL(`/partner/nieuws/${id}`);
    // partners read every article, the non-public ones too, and have nothing to mark as read
    const list = page.getByRole('navigation', { name: 'Nieuwsberichten' });
    await expect(list.getByRole('link', { name: /Parkeren tijdens de werkzaamheden/ })).toBeVisible();
    await expect(list.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
    await expect(list.getByText('Nieuw', { exact: true })).toHaveCount(0);
    await back(page, id);
    await checkPage(page, 'partner-news');
    await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
    await expect(page).toHaveURL(`/partner/dashboard/${id}`);
  });

  test('complaints, information and FAQ', async ({ page }) => {
    await page.goto(`/partner/complaints/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Onderwerpen' }).getByRole('link', { name: 'Spoed buiten werktijden' }).click();
    await expect(page).toHaveURL(new RegExp(`/partner/complaints/${id}/\\d+$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Spoed buiten werktijden' })).toBeVisible();
    await back(page, id);
    await checkPage(page, 'partner-complaints');
    // a link staff wrote to the resident chat (/berichten/) leads to the team's inbox of this project
    await page.getByRole('navigation', { name: 'Onderwerpen' }).getByRole('link', { name: 'Een melding doen over de werkzaamheden' }).click();
    const contact = page.getByRole('article').getByRole('link', { name: 'Contact' });
    await expect(contact).toHaveAttribute('href', `/partner/berichten/${id}`);
    await contact.click();
    await expect(page).toHaveURL(`/partner/berichten/${id}`);

    await page.goto(`/partner/informatie/${id}`);
    const list = page.getByRole('navigation', { name: 'Onderwerpen' });
    await list.getByRole('link', { name: 'Mechanische ventilatie' }).click();
    await expect(page).toHaveURL(new RegExp(`/partner/informatie/${id}/\\d+$`));
    const article = page.getByRole('article');
    await expect(article.getByText('Let op: Toegang tot de woning is noodzakelijk')).toBeVisible();
    await expect(article.getByRole('listitem').filter({ hasText: 'Geluidsoverlast' })).toContainText('40 van 100 (gemiddeld)');
    await expect(article.getByRole('listitem').filter({ hasText: 'Stofoverlast' })).toContainText('20 van 100 (laag)');
    await expect(article.getByRole('listitem').filter({ hasText: 'Stofoverlast' })).toHaveAttribute('data-indicator-status', 'success');
    await checkPage(page, 'partner-information');

    await page.goto(`/partner/faq/${id}`);
    await page.getByRole('navigation', { name: 'Vragen' }).getByRole('link', { name: 'Krijg ik een vergoeding?' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Krijg ik een vergoeding?' })).toBeVisible();
    await checkPage(page, 'partner-faq');
  });

  test('planning: the calendar with an important item', async ({ page }) => {
    await page.goto(`/partner/planning/${id}`);
    const calendar = page.getByRole('region', { name: 'Kalender' });
    await expect(calendar).toBeVisible();
    const month = calendar.getByTestId('calendar-month');
    const shown = await month.innerText();
    await calendar.getByRole('button', { name: /^Volgende maand/ }).click();
    await expect(month).not.toHaveText(shown);
    const important = calendar.locator('[data-important="true"]').first();
    await expect(important).toBeVisible();
    await important.click();
    await expect(page).toHaveURL(new RegExp(`/partner/planning/${id}/\\d{4}-\\d{2}-\\d{2}$`));
    const toggle = page.getByRole('button', { name: /^Belangrijk: / }).first();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await back(page, id);
    await checkPage(page, 'partner-planning');
  });

  test('work order, partners, documents and contact persons', async ({ page }) => {
    await page.goto(`/partner/werk-volgorde/${id}`);
    const list = page.getByRole('region', { name: 'Volgorde van de adressen' }).getByRole('listitem');
    await expect(list.filter({ hasText: 'Tulpstraat 14' })).toHaveCount(1); // partners see the non-public addresses
    await expect(list.filter({ hasText: 'Uw adres' })).toHaveCount(0);
    await expect(page.getByTestId('map')).toBeVisible();
    await back(page, id);
    await checkPage(page, 'partner-work-order');

    await page.goto(`/partner/partners/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Schildersbedrijf De Kwast' })).toBeVisible();
    await page.getByTestId('partner-card').filter({ hasText: 'Installatiebedrijf Bakker' }).getByRole('link', { name: 'Nieuwe keuken' }).click();
    await expect(page).toHaveURL(new RegExp(`/partner/informatie/${id}/\\d+$`));
    await page.goto(`/partner/partners/${id}`);
    await checkPage(page, 'partner-partners');

    await page.goto(`/partner/documenten/${id}`);
    const rows = page.getByTestId('document');
    await expect(rows.filter({ hasText: 'Huurvoorstel na renovatie' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Uitnodiging voor een huisbezoek' })).toHaveCount(0); // an address's own letter
    await expect(rows.first().getByRole('link', { name: /^Download/ })).toHaveAttribute('href', /token=/);
    const download = page.waitForEvent('download');
    await rows.filter({ hasText: 'Huurvoorstel na renovatie' }).getByRole('link', { name: /^Download/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await checkPage(page, 'partner-documents');

    await page.goto(`/partner/contactpersonen/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Lisa de Boer' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Chat/ })).toHaveCount(0); // no chat for staff here
    await back(page, id);
    await checkPage(page, 'partner-contacts');
  });

  test('partner pages need a partner login', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    await visitor.goto(`/partner/nieuws/${id}`);
    await expect(visitor).toHaveURL(/\/inloggen$/);
    await context.close();
  });
});
