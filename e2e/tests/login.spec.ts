import { apiLogin, checkPage, DEMO, errorSummary, expect, expectNoHorizontalScroll, fieldError, loginAsPartner, loginAsResident, test } from './fixtures';

/** Where each resident tile must lead (portal.md section 2, Dashboard). */
const residentPath = (module: string, projectId: number) =>
  ({
    news: '/nieuws', information: '/informatie/', faq: '/faq/', scheduling: '/planning/', contacts: '/contactpersonen/',
    partners: '/partners/', work_order: '/werk-volgorde/', messages: '/berichten/', survey: '/enquetes/',
    appointments: '/afspraken/', documents: '/documenten/', forms: '/formulieren/', dossier: '/dossier/',
    complaints: '/complaints/', intake: `/partner/opname/project/${projectId}/formulieren`,
  })[module];

const submit = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Inloggen', exact: true }).click();

test.describe('resident login', () => {
  test('the login page validates postcode, house number and password', async ({ page }) => {
    await page.goto('/inloggen');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute('href', '/wachtwoord-vergeten');
    await expect(page.getByRole('link', { name: 'Bezoek website' })).toBeVisible();
    for (const name of ['Algemene voorwaarden', 'Privacyverklaring', 'Cookiebeleid']) await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await checkPage(page, 'login');

    await submit(page);
    // the error summary takes focus; its links lead to the fields
    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['Vul een postcode in', 'Vul een huisnummer + toevoeging in', 'Vul een wachtwoord of activatiecode in']);
    await expect(fieldError(page, 'Vul een postcode in')).toBeVisible();
    await expect(fieldError(page, 'Vul een huisnummer + toevoeging in')).toBeVisible();
    await expect(fieldError(page, 'Vul een wachtwoord of activatiecode in')).toBeVisible();
    await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page, 'login-errors');
    await summary.getByRole('link', { name: 'Vul een huisnummer + toevoeging in' }).click();
    await expect(page.getByLabel('Huisnummer + toevoeging')).toBeFocused();

    const postcode = page.getByLabel('Postcode');
    await postcode.pressSequentially('1234 ab');
    await expect(postcode).toHaveValue('1234AB');
    await expect(fieldError(page, 'Vul een postcode in')).toHaveCount(0);
    await expect(summary.getByRole('link', { name: 'Vul een postcode in' })).toHaveCount(0);
    await page.getByLabel('Huisnummer + toevoeging').fill('10 a');
    await expect(page.getByLabel('Huisnummer + toevoeging')).toHaveValue('10A');

    await postcode.fill('1234ABC');
    await submit(page);
    await expect(fieldError(page, 'Een postcode heeft maximaal 6 tekens')).toBeVisible();
  });

  for (const path of ['/demo', '/demo/abc123def']) {
    test(`${path} leads to the login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/inloggen$/);
    });
  }

  test('a wrong password shows the failure banner', async ({ page }) => {
    await page.goto('/inloggen');
    await page.getByLabel('Postcode').fill(DEMO.resident.zipcode);
    await page.getByLabel('Huisnummer + toevoeging').fill(DEMO.resident.houseNumber);
    await page.getByLabel('Wachtwoord of activatiecode').fill('Verkeerd2026!');
    await submit(page);
    const banner = page.getByRole('alert').filter({ hasText: 'Inloggen mislukt' });
    await expect(banner).toContainText('Gebruikersnaam en/of wachtwoord onjuist');
    // A resident has no user name: the banner names what they logged in with.
    await expect(banner).toContainText(`U heeft als bewoner geen gebruikersnaam: u logde in met postcode ${DEMO.resident.zipcode} en huisnummer ${DEMO.resident.houseNumber}.`);
    await expect(page).toHaveURL(/\/inloggen$/);
    await checkPage(page, 'login-failed');
  });

  test('a server error or no answer at login says the portal cannot be reached, not that the password is wrong', async ({ page }) => {
    await page.goto('/inloggen');
    await page.getByLabel('Postcode').fill(DEMO.resident.zipcode);
    await page.getByLabel('Huisnummer + toevoeging').fill(DEMO.resident.houseNumber);
    await page.getByLabel('Wachtwoord of activatiecode').fill(DEMO.resident.password);
    // 503 while the database restarts (the proxy's plain answer, no JSON).
    await page.route('**/api/public/login**', (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503 Service Unavailable</h1>' }));
    await submit(page);
    const banner = page.getByRole('alert').filter({ hasText: 'Portaal niet bereikbaar' });
    await expect(banner).toContainText('Het portaal is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.');
    await expect(page.getByText('Gebruikersnaam en/of wachtwoord onjuist')).toHaveCount(0);
    await expect(page).toHaveURL(/\/inloggen$/);
    await checkPage(page, 'login-unreachable');

    // A 500 with the server's JSON, and a network failure, say the same.
    await page.unroute('**/api/public/login**');
    await page.route('**/api/public/login**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Er is iets misgegaan."}' }));
    await submit(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Portaal niet bereikbaar' })).toBeVisible();
    await page.unroute('**/api/public/login**');
    await page.route('**/api/public/login**', (route) => route.abort('connectionrefused'));
    await submit(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Portaal niet bereikbaar' })).toBeVisible();
    await expect(page.getByText('Gebruikersnaam en/of wachtwoord onjuist')).toHaveCount(0);

    // The partner login the same.
    await page.getByRole('button', { name: 'Inloggen als partner' }).click();
    await page.getByLabel('Gebruikersnaam').fill(DEMO.partner.username);
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(DEMO.partner.password);
    await page.unroute('**/api/public/login**');
    await page.route('**/api/public/login**', (route) => route.fulfill({ status: 503, body: '' }));
    await submit(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Portaal niet bereikbaar' })).toContainText('Probeer het over een paar minuten opnieuw.');
    await expect(page.getByText('Gebruikersnaam en/of wachtwoord onjuist')).toHaveCount(0);
  });

  test('a customer administrator with TOTP gives a code after the password on the partner portal; a wrong code is refused', async ({ page }) => {
    await page.goto('/inloggen');
    await page.getByRole('button', { name: 'Inloggen als partner' }).click();
    await page.getByLabel('Gebruikersnaam').fill(DEMO.admin.username);
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(DEMO.admin.password);
    await submit(page);
    // the password alone does not log in: the second factor is asked
    const code = page.getByRole('textbox', { name: 'Code uit de app of herstelcode' });
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(/\/inloggen$/);
    await checkPage(page, 'login-totp');
    await code.fill('000000');
    await submit(page);
    await expect(errorSummary(page)).toContainText('De code is onjuist');
    await checkPage(page, 'login-totp-wrong');
    await loginAsPartner(page, DEMO.admin);
    await expect(page).toHaveURL(/\/partner\//);
  });

  test('a resident\'s own login shows no staff note', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('a resident with one project lands on the dashboard with all tiles', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    await expect(page.getByText(/\d+ van de \d+ adressen \(\d+%\) hebben ingestemd/)).toBeVisible();
    const projectId = Number(await page.evaluate(() => localStorage.getItem('portal.project_id')));
    expect(projectId).toBeGreaterThan(0);

    const tiles = page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link');
    await expect(tiles).toHaveCount(15);
    for (const tile of await tiles.all()) {
      const module = (await tile.getAttribute('data-module'))!;
      expect(residentPath(module, projectId), `unexpected tile ${module}`).toBeDefined();
      await expect(tile).toHaveAttribute('href', residentPath(module, projectId)!);
    }
    await expect(tiles.filter({ hasText: 'Meldingen' })).toHaveAttribute('href', '/complaints/');
    for (const name of ['Nieuws', 'Afspraken', 'Opname', 'Dossier']) await expect(tiles.filter({ hasText: name })).toHaveCount(1);

    const header = page.getByRole('banner');
    await expect(header).toBeVisible();
    expect((await header.boundingBox())?.height).toBe(83);
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await checkPage(page, 'dashboard');

    await page.setViewportSize({ width: 375, height: 812 });
    expect((await header.boundingBox())?.height).toBe(83);
    await expectNoHorizontalScroll(page);
  });

  test('a resident with two projects chooses one on /projecten', async ({ page }) => {
    await loginAsResident(page, DEMO.residentTwoProjects);
    await expect(page).toHaveURL(/\/projecten$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn projecten' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open project/ })).toHaveCount(2);
    await checkPage(page, 'projects');

    await page.getByRole('button', { name: `Open project: ${DEMO.secondProject}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.secondProject })).toBeVisible();
    // the complaints tile carries this project's own display name
    await expect(page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link').filter({ hasText: 'Klachten' })).toHaveAttribute('href', '/complaints/');
    await checkPage(page, 'dashboard-second-project');
  });

  for (const path of ['/nieuws', '/afspraken']) {
    test(`${path} without a token goes to the login and returns there afterwards`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/inloggen$/);
      await page.getByLabel('Postcode').fill(DEMO.resident.zipcode);
      await page.getByLabel('Huisnummer + toevoeging').fill(DEMO.resident.houseNumber);
      await page.getByLabel('Wachtwoord of activatiecode').fill(DEMO.resident.password);
      await submit(page);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('a resident with two projects returns to the page asked for after choosing the project', async ({ page }) => {
    await page.goto('/afspraken');
    await expect(page).toHaveURL(/\/inloggen$/);
    await page.getByLabel('Postcode').fill(DEMO.residentTwoProjects.zipcode);
    await page.getByLabel('Huisnummer + toevoeging').fill(DEMO.residentTwoProjects.houseNumber);
    await page.getByLabel('Wachtwoord of activatiecode').fill(DEMO.residentTwoProjects.password);
    await submit(page);
    await expect(page).toHaveURL(/\/projecten$/);
    await page.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/afspraken$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Afspraken' })).toBeVisible();
  });

  test('a partner returns to the partner page asked for', async ({ page, request }) => {
    const partner = await apiLogin(request, { ...DEMO.partner });
    const projectId = partner.projects!.find((p) => p.name === DEMO.project)!.id;
    await page.goto(`/partner/nieuws/${projectId}`);
    await expect(page).toHaveURL(/\/inloggen$/);
    await page.getByRole('button', { name: 'Inloggen als partner' }).click();
    await page.getByLabel('Gebruikersnaam').fill(DEMO.partner.username);
    await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(DEMO.partner.password);
    await submit(page);
    await expect(page).toHaveURL(new RegExp(`/partner/nieuws/${projectId}$`));
  });

  test('a stored token that the server refuses leads back to the login', async ({ page }) => {
    await page.goto('/inloggen');
    await page.evaluate(() => {
      localStorage.setItem('portal.token', 'bogus-token-that-was-never-issued');
      localStorage.setItem('portal.role', 'occupant');
      localStorage.setItem('portal.project_id', '1');
    });
    const refused = page.waitForResponse((r) => r.url().includes('/api/occupant/') && r.status() === 401);
    await page.goto('/dashboard');
    await refused;
    await expect(page).toHaveURL(/\/inloggen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });

  test('the header menu has PROFIEL, PROJECTEN and UITLOGGEN; logging out clears everything', async ({ page, request }) => {
    await loginAsResident(page, DEMO.resident);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    expect(token).toBeTruthy();

    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'PROFIEL' })).toHaveAttribute('href', '/profiel');
    await expect(page.getByRole('link', { name: 'PROJECTEN' })).toHaveAttribute('href', '/projecten');
    await expect(page.getByRole('button', { name: 'UITLOGGEN' })).toBeVisible();
    await checkPage(page, 'dashboard-menu-open');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'UITLOGGEN' })).toHaveCount(0);
    await menu.click();
    await page.getByRole('button', { name: 'UITLOGGEN' }).click();
    await expect(page).toHaveURL(/\/inloggen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    // Nothing of the person stays; the login page keeps only the customer's colours for the next first paint (index.html).
    expect(await page.evaluate(() => ({ local: Object.keys(localStorage).filter((k) => k !== 'portal.brand_colors'), session: sessionStorage.length })))
      .toEqual({ local: [], session: 0 });

    // the token was revoked on the server, not only forgotten in the browser
    const after = await request.get('/api/occupant/projects', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test('at 375 px the login page and the dashboard do not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/inloggen');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await loginAsResident(page, DEMO.resident);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBe(83);
    // Dashboard link, logo and menu button fit side by side without overlapping
    const [dashboard, logo, menu] = await Promise.all([
      header.getByRole('link', { name: 'Dashboard' }).boundingBox(),
      header.getByRole('img').boundingBox(),
      header.getByRole('button', { name: 'Menu' }).boundingBox(),
    ]);
    expect(dashboard!.x + dashboard!.width).toBeLessThanOrEqual(logo!.x);
    expect(logo!.x + logo!.width).toBeLessThanOrEqual(menu!.x);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(375);
  });
});
