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
    await page.getByRole('button', { name: `Bekijk project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/public\/dashboard\/\d+$/);
    const projectId = Number(new URL(page.url()).pathname.split('/').pop());

    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    await expect(page.getByText('Welkom bij de renovatie van de Bloemenbuurt')).toBeVisible();
    await expect(page.getByText('87 van de 120 bewoners (73%) hebben ingestemd met het renovatieplan.')).toBeVisible();

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

  test('a project that is not public, or does not exist, shows an error state', async ({ page, request }) => {
    const partner = await apiLogin(request, { ...DEMO.partner });
    const hidden = partner.projects?.find((p) => p.name === DEMO.hiddenProject);
    expect(hidden, 'the demo has a non-public project').toBeTruthy();

    await page.goto(`/public/dashboard/${hidden!.id}`);
    await expect(page.getByRole('alert')).toContainText('Er ging iets mis');
    await expect(page.getByRole('alert')).toContainText('Deze gegevens zijn niet gevonden.');
    await expect(page.getByRole('navigation', { name: 'Onderdelen van het project' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
    await checkPage(page, 'public-dashboard-hidden');

    await page.goto('/public/dashboard/999999');
    await expect(page.getByRole('alert')).toContainText('Deze gegevens zijn niet gevonden.');
    await page.goto('/public/dashboard/abc');
    await expect(page.getByRole('alert')).toContainText('Er ging iets mis');
  });
});
