import { apiLogin, checkPage, DEMO, expect, test } from './fixtures';

/** Where each public tile must lead (portal.md section 2, public area). */
const publicPaths: Record<string, string> = {
  news: 'nieuws', information: 'informatie', faq: 'faq', scheduling: 'planning', contacts: 'contactpersonen',
  partners: 'partners', work_order: 'werk-volgorde', messages: 'berichten', survey: 'enquetes',
  documents: 'documenten', forms: 'formulieren', complaints: 'complaints',
};

test.describe('public area', () => {
  test('the root opens the public project list, each project with a Bekijk project button', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/public\/projecten$/);
    const projects = page.getByRole('main').getByRole('listitem');
    await expect(page.getByRole('heading', { name: DEMO.project })).toBeVisible();
    await expect(page.getByRole('heading', { name: DEMO.secondProject })).toBeVisible();
    // the other customer's projects and hidden projects are not listed
    await expect(page.getByRole('heading', { name: DEMO.hiddenProject })).toHaveCount(0);
    await expect(projects).toHaveCount(2);
    for (const project of await projects.all()) {
      await expect(project.getByRole('button', { name: /^Bekijk project/ })).toBeVisible();
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await checkPage(page, 'public-projects');
  });

  test('a public dashboard shows welcome, support base and public tiles only', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/public/projecten');
    // the project list is the top of the public part: no 'Dashboard' link pointing at the page itself
    await expect(page.getByRole('button', { name: `Bekijk project: ${DEMO.project}` })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await page.getByRole('button', { name: `Bekijk project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/public\/dashboard\/\d+$/);
    const projectId = Number(new URL(page.url()).pathname.split('/').pop());

    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    await expect(page.getByText('Welkom bij de renovatie van de Bloemenbuurt')).toBeVisible();
    await expect(page.getByText(/\d+ van de \d+ adressen \(\d+%\) hebben ingestemd/)).toBeVisible(); // computed from the consent form

    const tiles = page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link');
    await expect(tiles).toHaveCount(Object.keys(publicPaths).length);
    for (const tile of await tiles.all()) {
      const module = (await tile.getAttribute('data-module'))!;
      expect(publicPaths, `unexpected public tile ${module}`).toHaveProperty(module);
      await expect(tile).toHaveAttribute('href', `/public/${publicPaths[module]}/${projectId}`);
    }
    await expect(tiles.filter({ hasText: /Afspraken|Opname|Dossier/ })).toHaveCount(0);
    await expect(tiles.filter({ hasText: 'Meldingen' })).toHaveAttribute('href', `/public/complaints/${projectId}`);

    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('height', '83px');
    await expect(header.getByRole('link', { name: 'Website' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/inloggen');
    await expect(header.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByText('UITLOGGEN')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    await checkPage(page, 'public-dashboard');
    // the welcome message's <script> was removed on the server (and DOMPurify would remove it again)
    expect(dialogs).toEqual([]);

    await header.getByRole('link', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test('the root of a customer without public projects opens the login', async ({ page }) => {
    // Both demo customers have a public project: the customer lookup's answer is changed in the
    // browser to the one a customer without public projects gets (the same, with an empty list).
    await page.route('**/api/public/customer/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), projects: [] } });
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/inloggen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  });

  test('a project that is not public, or does not exist, shows an error state', async ({ page, request }) => {
    const partner = await apiLogin(request, { ...DEMO.partner });
    const hidden = partner.projects?.find((p) => p.name === DEMO.hiddenProject);
    expect(hidden, 'the demo has a non-public project').toBeTruthy();

    await page.goto(`/public/dashboard/${hidden!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Project niet gevonden' })).toBeVisible();
    await expect(page.getByText('Dit project bestaat niet of is niet openbaar.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Onderdelen van het project' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
    await checkPage(page, 'public-dashboard-hidden');

    for (const id of ['999999', 'abc']) {
      await page.goto(`/public/dashboard/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Project niet gevonden' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Naar de projecten' }).click();
    await expect(page).toHaveURL(/\/public\/projecten$/);
  });
});
