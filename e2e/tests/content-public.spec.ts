import type { APIRequestContext, Page } from '@playwright/test';
import { checkPage, DEMO, expect, test } from './fixtures';
import { expectFittedMarkers, serveTiles } from './map-tiles';

/**
 * The read-only content modules for a visitor without an account, on /public/<module>/{project_id}:
 * only public items, no resident state, the back button to /public/dashboard/{id}; axe checks and
 * screenshots at 375 and 1280 px.
 */

async function publicProjectId(request: APIRequestContext, name: string = DEMO.project): Promise<number> {
  const customer = (await (await request.get('/api/public/customer/', { params: { domain: 'localhost', language: 'nl' } })).json()) as { projects: Array<{ id: number; name: string }> };
  return customer.projects.find((p) => p.name === name)!.id;
}

async function publicGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { params: { language: 'nl' } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const back = async (page: Page, projectId: number) => {
  await expect(page.getByRole('link', { name: 'Terug naar dashboard' })).toHaveAttribute('href', `/public/dashboard/${projectId}`);
};

test.describe('content modules for a public visitor', () => {
  test.describe.configure({ timeout: 150_000 });
  let id = 0;
  test.beforeAll(async ({ request }) => {
    id = await publicProjectId(request);
  });

  test('news: opened from the public dashboard, the first article shows by default', async ({ page, request }) => {
    const articles = await publicGet<Array<{ id: number; title: string; date: string }>>(request, `/public/news/${id}`);
    await page.goto(`/public/dashboard/${id}`);
    await page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link', { name: /Nieuws/ }).click();
    await expect(page).toHaveURL(`/public/nieuws/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading', { level: 2, name: articles[0]!.title })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Nieuwsberichten' });
    await expect(list.getByRole('link')).toHaveCount(articles.length);
    // only public articles, and no 'new' marks for a visitor
    await expect(list.getByRole('link', { name: /Parkeren tijdens de werkzaamheden/ })).toHaveCount(0);
    await expect(list.getByText('Nieuw', { exact: true })).toHaveCount(0);
    await back(page, id);
    await checkPage(page, 'public-news');

    await list.getByRole('link', { name: articles[1]!.title }).click();
    await expect(page).toHaveURL(`/public/nieuws/${id}/${articles[1]!.id}`);
    await expect(page.getByRole('heading', { level: 2, name: articles[1]!.title })).toBeVisible();
    await page.getByRole('link', { name: 'Terug naar dashboard' }).click();
    await expect(page).toHaveURL(`/public/dashboard/${id}`);
  });

  test('links in staff HTML lead to the visitor\'s own pages, not to the login', async ({ page }) => {
    await page.goto(`/public/nieuws/${id}`);
    await page.getByRole('navigation', { name: 'Nieuwsberichten' }).getByRole('link', { name: /Terugblik op de bewonersavond/ }).click();
    const link = page.getByRole('article').getByRole('link', { name: 'Documenten' });
    // written by staff as /documenten/ (the resident page)
    await expect(link).toHaveAttribute('href', `/public/documenten/${id}`);
    await link.click();
    await expect(page).toHaveURL(`/public/documenten/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Documenten' })).toBeVisible();
  });

  test('complaints: the project title and only public items', async ({ page }) => {
    await page.goto(`/public/complaints/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Onderwerpen' });
    await expect(list.getByRole('link', { name: 'Spoed buiten werktijden' })).toHaveCount(0);
    await list.getByRole('link', { name: 'Schade aan uw woning of spullen' }).click();
    await expect(page).toHaveURL(new RegExp(`/public/complaints/${id}/\\d+$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Schade aan uw woning of spullen' })).toBeVisible();
    await back(page, id);
    await checkPage(page, 'public-complaints');
  });

  test('information: grouped by menu with banner, indicators and partners; FAQ alike', async ({ page }) => {
    await page.goto(`/public/informatie/${id}`);
    const list = page.getByRole('navigation', { name: 'Onderwerpen' });
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Werkzaamheden binnen', 'Werkzaamheden buiten', 'Overige informatie']);
    await expect(list.getByRole('link', { name: 'Mechanische ventilatie' })).toHaveCount(0); // not public
    await list.getByRole('link', { name: 'Badkamer en toilet' }).click();
    await expect(page).toHaveURL(new RegExp(`/public/informatie/${id}/\\d+$`));
    const article = page.getByRole('article');
    await expect(article.getByText('Let op: Toegang tot de woning is noodzakelijk')).toBeVisible();
    await expect(article.getByRole('listitem').filter({ hasText: 'Geluidsoverlast' })).toContainText('95 van 100 (zeer hoog)');
    await expect(article.getByRole('listitem').filter({ hasText: 'Bereikbaarheid woning' })).toContainText('50 van 100 (gemiddeld)');
    await expect(article.getByText('Deze werkzaamheden worden uitgevoerd door:')).toBeVisible();
    await checkPage(page, 'public-information');

    await page.goto(`/public/faq/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' })).toBeVisible();
    const faq = page.getByRole('navigation', { name: 'Vragen' });
    await expect(faq.getByRole('link', { name: 'Krijg ik een vergoeding?' })).toHaveCount(0); // not public
    await faq.getByRole('link', { name: 'Wat gebeurt er met mijn spullen?' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Wat gebeurt er met mijn spullen?' })).toBeVisible();
    await back(page, id);
    await checkPage(page, 'public-faq');
  });

  test('planning: the public path shows the schedule comment instead of a calendar', async ({ page }) => {
    await page.goto(`/public/planning/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Planning' })).toBeVisible();
    await expect(page.getByText('onder voorbehoud')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kalender' })).toHaveCount(0);
    await back(page, id);
    await checkPage(page, 'public-planning');
  });

  test('work order: street ranges with their status instead of addresses, the map fitted to them (wide screens only)', async ({ page }) => {
    await serveTiles(page);
    await page.goto(`/public/werk-volgorde/${id}`);
    const region = page.getByRole('region', { name: 'Volgorde van de adressen', exact: true });
    const list = region.getByRole('listitem');
    await expect(list.first()).toBeVisible();
    await expect(list.filter({ hasText: 'Uw adres' })).toHaveCount(0);
    await expect(page.getByText(/Uw adres heeft nummer/)).toHaveCount(0);
    await expect(list.filter({ hasText: 'Tulpstraat 14' })).toHaveCount(0); // not public
    for (const status of ['Gereed', 'In uitvoering', 'In voorbereiding']) await expect(list.filter({ hasText: status }).first()).toBeVisible();
    // consecutive addresses on one street with one status form a range; no postcode, no single house of a range
    await expect(list).toHaveCount(6);
    await expect(list.nth(0)).toContainText('Tulpstraat 10–12');
    await expect(list.nth(1)).toContainText('Rozenstraat 1–17');
    await expect(list.nth(1)).toContainText('(9 adressen)');
    await expect(list.nth(1)).toContainText('Gereed');
    await expect(list.nth(2)).toContainText('Rozenstraat 19');
    await expect(list.nth(2)).toContainText('In uitvoering');
    await expect(region).not.toContainText(/\d{4} [A-Z]{2}/);
    const map = page.getByTestId('map');
    await expect(map).toBeVisible();
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(6);
    await expect(map.locator('.leaflet-marker-icon', { hasText: '3–11' })).toHaveAttribute('title', '3–11. Rozenstraat 1–17, Utrecht (Gereed)');
    await expectFittedMarkers(map);
    await back(page, id);
    await checkPage(page, 'public-work-order');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('map')).toHaveCount(0);
    await expect(list.nth(1)).toContainText('(9 adressen)');
  });

  test('work order: a project that shows an image gets the drawing and the message instead of the map and list', async ({ page, request }) => {
    await page.goto(`/public/werk-volgorde/${await publicProjectId(request, DEMO.secondProject)}`);
    await expect(page.getByRole('img', { name: 'Tekening van de werkvolgorde' })).toBeVisible();
    await expect(page.getByText('eerst de Maasstraat, dan de Rijnlaan')).toBeVisible();
    await expect(page.getByTestId('map')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Volgorde van de adressen', exact: true })).toHaveCount(0);
    await checkPage(page, 'public-work-order-image');
  });

  test('partners: only the public partners, with links to public information', async ({ page }) => {
    await page.goto(`/public/partners/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Zonnewerk Utrecht' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Schildersbedrijf De Kwast' })).toHaveCount(0);
    await expect(page.getByTestId('map')).toBeVisible();
    await back(page, id);
    await checkPage(page, 'public-partners');
    await page.getByTestId('partner-card').filter({ hasText: 'Zonnewerk Utrecht' }).getByRole('link', { name: 'Dakisolatie en zonnepanelen' }).click();
    await expect(page).toHaveURL(new RegExp(`/public/informatie/${id}/\\d+$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Dakisolatie en zonnepanelen' })).toBeVisible();
  });

  test('documents: public documents download without a login', async ({ page }) => {
    await page.goto(`/public/documenten/${id}`);
    const rows = page.getByTestId('document');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Huurvoorstel' })).toHaveCount(0); // not public
    await expect(page.getByTestId('document-status')).toHaveCount(0); // no fetched state for visitors
    const link = rows.filter({ hasText: 'Start van de renovatie' }).getByRole('link', { name: /^Download/ });
    expect(await link.getAttribute('href')).not.toContain('token=');
    await back(page, id);
    await checkPage(page, 'public-documents');
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('contact persons: the public ones, chat through /public/berichten/{id}', async ({ page }) => {
    await page.goto(`/public/contactpersonen/${id}`);
    const sanne = page.getByTestId('contact-card').filter({ has: page.getByRole('heading', { name: 'Sanne Visser' }) });
    await expect(sanne.getByRole('link', { name: 'Chat met Sanne Visser' })).toHaveAttribute('href', `/public/berichten/${id}`);
    await expect(page.getByRole('heading', { name: 'Lisa de Boer' })).toHaveCount(0); // not public
    await back(page, id);
    await checkPage(page, 'public-contacts');
  });

  test('there is no public dossier page: the portal\'s header and a way back', async ({ page }) => {
    await page.goto(`/public/dossier/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
    await page.getByRole('link', { name: 'Naar de projecten' }).click();
    await expect(page).toHaveURL(/\/public\/projecten$/);
  });

  test('an unknown project says so and links to the project list', async ({ page }) => {
    await page.goto('/public/dashboard/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Project niet gevonden' })).toBeVisible();
    await expect(page.getByText('Dit project bestaat niet of is niet openbaar.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Naar de projecten' })).toHaveAttribute('href', '/public/projecten');
    await checkPage(page, 'public-unknown-project');
  });
});
