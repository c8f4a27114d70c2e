import type { Page } from '@playwright/test';
import { checkPage, errorSummary, expect, fieldError, loginToConsole, test } from './fixtures';
import { makePng } from './images';

/** The public answer for a project, as a visitor's browser gets it (404 once archived or not public). */
const publicProject = (page: Page, id: number) => page.request.get(`/api/public/project/${id}?language=nl`);

const moduleRow = (page: Page, name: string) => page.locator(`li[data-module="${name}"]`);

test('an administrator creates a project and sets its branding, modules and welcome text, then archives and restores it', async ({ page }) => {
  test.setTimeout(180_000); // three pages checked with axe at two widths, and many steps
  await loginToConsole(page);
  await page.goto('/beheer/projecten');
  await expect(page.getByRole('heading', { name: 'Projecten', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renovatie Bloemenbuurt' })).toBeVisible();
  await checkPage(page, 'console-projects');

  // Search narrows the list.
  await page.getByLabel('Zoek op projectnaam').fill('Rivieren');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Verduurzaming Rivierenwijk' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renovatie Bloemenbuurt' })).toHaveCount(0);

  // A new project: the name is required (same rule as the server).
  await page.getByRole('button', { name: 'Nieuw project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuw project' });
  await dialog.getByRole('button', { name: 'Project aanmaken' }).click();
  await expect(errorSummary(dialog)).toContainText('Vul een naam in');
  const name = `Proefproject ${Date.now().toString(36)}`;
  await dialog.getByLabel('Naam').fill(name);
  await dialog.getByLabel('Korte omschrijving').fill('Een project uit de end-to-end test.');
  await dialog.getByRole('button', { name: 'Project aanmaken' }).click();
  await expect(page).toHaveURL(/\/beheer\/projecten\/\d+\/instellingen$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const id = Number(/\/projecten\/(\d+)\/instellingen$/.exec(page.url())![1]);
  expect((await publicProject(page, id)).status()).toBe(404); // a new project is not public yet
  await checkPage(page, 'console-project');

  // Branding: a colour too light for white text is refused, in the browser as on the server.
  const primary = page.getByRole('textbox', { name: 'Primaire kleur', exact: true });
  await primary.fill('#ffeb3b');
  await expect(page.getByText('Deze kleur is te licht voor witte tekst: het contrast is 1,2:1').first()).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(errorSummary(page)).toContainText('Deze kleur is te licht voor witte tekst');
  await expect(fieldError(page, /te licht voor witte tekst/)).toBeVisible();
  await primary.fill('#14532d');
  await expect(page.getByText('Witte tekst is goed leesbaar op deze kleur (contrast 9,1:1).')).toBeVisible();

  // Logo of the project itself.
  await page.getByLabel('Logo kiezen').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(240, 80, [20, 83, 45]) });
  await expect(page.getByText('Het logo is opgeslagen.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Huidig logo van het project' })).toHaveAttribute('src', /^\/api\/files\/\d+\/logo\.png/);

  // General: public.
  await page.getByLabel(/^Openbaar: bezoekers zonder account/).check();

  // Modules: rename, switch one on, move with the keyboard-reachable buttons.
  await moduleRow(page, 'news').getByLabel('Naam op het dashboard').fill('Laatste nieuws');
  await moduleRow(page, 'complaints').getByLabel('Naam op het dashboard').fill('Meldingen');
  await moduleRow(page, 'survey').getByLabel('Enquêtes aan').check();
  const up = page.getByRole('button', { name: 'Klachten omhoog' });
  for (let i = 0; i < 8; i++) await up.click(); // from the 9th place to the first
  await expect(up).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Klachten omlaag' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Klachten staat nu op plaats 1 van 15.' })).toBeAttached();
  await page.getByRole('button', { name: 'Planning omlaag' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Planning omlaag' })).toBeFocused();

  // Welcome text in the rich text editor; the support-base text.
  const editor = page.getByRole('textbox', { name: 'Welkomsttekst op het dashboard' });
  await editor.click();
  await page.keyboard.type('Welkom bij het proefproject. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Lees het nieuws.');
  await page.getByLabel('Tekst over het draagvlak').fill('Nog geen formulier: 12 van de 20 bewoners hebben mondeling ingestemd.');

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De wijzigingen zijn opgeslagen.')).toBeVisible();
  await expect(errorSummary(page)).toHaveCount(0);

  // The portal shows it at once.
  const shown = await (await publicProject(page, id)).json() as {
    color_primary: string; welcome_message: string; support_base_progress: string; module_18_name: string; logo_url: string;
    modules: Array<{ name: string; display_name: string }>;
  };
  expect(shown.color_primary).toBe('#14532d');
  expect(shown.welcome_message).toBe('<p>Welkom bij het proefproject. <strong>Lees het nieuws.</strong></p>');
  expect(shown.support_base_progress).toContain('12 van de 20');
  expect(shown.module_18_name).toBe('Meldingen');
  expect(shown.logo_url).toMatch(/^\/api\/files\/\d+\/logo\.png$/);
  expect(shown.modules.map((m) => [m.name, m.display_name])).toEqual([
    ['complaints', 'Meldingen'], ['news', 'Laatste nieuws'], ['information', 'Informatie'], ['work_order', 'Werkvolgorde'], ['scheduling', 'Planning'],
    ['contacts', 'Contactpersonen'], ['faq', 'Veelgestelde vragen'], ['messages', 'Contact'], ['documents', 'Documenten'], ['survey', 'Enquêtes'],
  ]);
  const view = page.getByRole('link', { name: /Bekijk als bewoner\/publiek/ });
  await expect(view).toHaveAttribute('href', `/public/dashboard/${id}`);
  await expect(view).toHaveAttribute('target', '_blank');

  // After a reload the form holds what was saved.
  await page.reload();
  await expect(moduleRow(page, 'news').getByLabel('Naam op het dashboard')).toHaveValue('Laatste nieuws');
  await expect(page.locator('li[data-module]').first()).toHaveAttribute('data-module', 'complaints');

  // Archive (after a confirmation): gone for visitors; restore brings it back.
  await page.getByRole('button', { name: 'Project archiveren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Project archiveren?' });
  await expect(confirm).toContainText(name);
  await checkPage(page, 'console-project-archive-dialog');
  await confirm.getByRole('button', { name: 'Ja, archiveren' }).click();
  await expect(page.getByText(/Dit project is gearchiveerd op \d{2}-\d{2}-\d{4}/)).toBeVisible();
  expect((await publicProject(page, id)).status()).toBe(404);

  await page.getByRole('link', { name: 'Projecten', exact: true }).first().click();
  await page.getByLabel('Toon').selectOption('archived');
  await expect(page.getByRole('link', { name })).toBeVisible();
  // (other specs archive their own projects: this project's row carries the badge)
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) }).getByText('Gearchiveerd', { exact: true })).toBeVisible();
  await page.getByRole('link', { name }).click();
  // A project opens on its overview; the settings (and the archive state) are one item of its navigation.
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${id}$`));
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Instellingen' }).click();
  await page.getByRole('button', { name: 'Project terugzetten' }).click();
  await page.getByRole('dialog', { name: 'Project terugzetten?' }).getByRole('button', { name: 'Ja, terugzetten' }).click();
  await expect(page.getByText('Het project is teruggezet.')).toBeVisible();
  expect((await publicProject(page, id)).status()).toBe(200);

  // Archived again, so that the other specs' project lists (the public one included) stay the demo's.
  const token = await page.evaluate(() => localStorage.getItem('portal.staff_token'));
  const archived = await page.request.post(`/api/staff/projects/${id}/archive`, { headers: { authorization: `Bearer ${token}` }, data: { language: 'nl' } });
  expect(archived.status()).toBe(200);
});

test('the customer settings: colours with their contrast, host names and the chat notification with its preview', async ({ page }) => {
  test.setTimeout(120_000);
  await loginToConsole(page);
  await page.goto('/beheer/klant');
  await expect(page.getByRole('heading', { name: 'Klantinstellingen', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toHaveValue('Woonstad Vernieuwd');
  await checkPage(page, 'console-customer');

  // The contrast verdict follows what is typed.
  const secondary = page.getByRole('textbox', { name: 'Secundaire kleur', exact: true });
  await secondary.fill('#f0f0f0');
  await expect(page.getByText(/te licht voor witte tekst: het contrast is 1,1:1/)).toBeVisible();
  await secondary.fill('#9a4f00');

  // A host name that is no host name is refused before sending.
  await page.getByRole('button', { name: 'Hostnaam toevoegen' }).click();
  await page.getByLabel('Hostnaam 4').fill('https://portaal.nl/');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(errorSummary(page)).toContainText('Vul een geldige hostnaam in');
  await page.getByRole('button', { name: 'https://portaal.nl/ verwijderen' }).click();

  // The notification: shown outside opening hours; the preview says whether it shows right now.
  await page.getByRole('radio', { name: 'Buiten openingstijden' }).check();
  await page.getByLabel('Titel').fill('Buiten kantooruren');
  await page.getByLabel('Tekst', { exact: true }).fill('We reageren op de eerstvolgende werkdag.');
  const preview = page.getByTestId('notification-preview');
  await expect(preview).toContainText('Buiten kantooruren');
  for (const day of ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag']) await page.getByLabel(day, { exact: true }).uncheck();
  await expect(preview).toContainText('Nu zichtbaar'); // no opening day at all: always outside the hours
  for (const day of ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag']) await page.getByLabel(day, { exact: true }).check();
  await page.getByLabel('Open vanaf').fill('00:00');
  await page.getByLabel('Open tot').fill('00:00');
  await expect(preview).toContainText('Nu niet zichtbaar: het is binnen de openingstijden.'); // open around the clock
  await page.getByRole('radio', { name: 'Altijd' }).check();
  await expect(preview).toContainText('Nu zichtbaar');
  await page.getByRole('radio', { name: 'Buiten openingstijden' }).check();
  await page.getByLabel('zaterdag', { exact: true }).uncheck();
  await page.getByLabel('zondag', { exact: true }).uncheck();
  await page.getByLabel('Open vanaf').fill('08:00');
  await page.getByLabel('Open tot').fill('17:00');
  await checkPage(page, 'console-customer-notification');

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De klantinstellingen zijn opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Buiten openingstijden' })).toBeChecked();
  await expect(page.getByLabel('Titel')).toHaveValue('Buiten kantooruren');
  await expect(page.getByLabel('zaterdag', { exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Open tot')).toHaveValue('17:00');

  // Leave the demo's notification off again for the other specs.
  await page.getByRole('radio', { name: 'Nooit' }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De klantinstellingen zijn opgeslagen.')).toBeVisible();
});
