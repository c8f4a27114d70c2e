import { checkPage, DEMO, expect, test } from './fixtures';
import { withDatabase } from './db';
import { confirmYes, openSummaryPdf } from './form-helpers';

test.describe('public forms', () => {
  test('a visitor fills a public form anonymously, with the project’s visitor code', async ({ page, request }) => {
    const customer = await (await request.get('/api/public/customer/?domain=localhost&language=nl')).json() as { id: number };
    const projects = await (await request.get(`/api/public/projects/${customer.id}`)).json() as Array<{ id: number; name: string }>;
    const projectId = projects.find((p) => p.name === DEMO.project)!.id;

    await page.goto(`/public/formulieren/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Formulieren' })).toBeVisible();
    // Only the public forms; intake forms never.
    await expect(page.getByRole('link', { name: /Aanmelding bewonersavond/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Opname van uw woning/ })).toHaveCount(0);
    await checkPage(page, 'forms-public-overview');
    await page.getByRole('link', { name: /Aanmelding bewonersavond/ }).click();

    await expect(page).toHaveURL(new RegExp(`/public/formulier/${projectId}/\\d+/\\d+/0$`));
    const entryUrl = page.url().replace(/\/0$/, '');
    const unique = await page.evaluate((id) => localStorage.getItem(`portal.visitor.${id}`), projectId);
    expect(unique).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    await page.getByRole('textbox', { name: 'Uw naam' }).fill('Bezoeker Zonder Account');
    await page.getByRole('textbox', { name: 'Met hoeveel personen komt u?' }).fill('1');
    await page.getByRole('radio', { name: 'Donderdag 16 april' }).check();
    await checkPage(page, 'forms-public-entry');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${entryUrl}/samenvatting`);
    expect(await openSummaryPdf(page)).toContain('application/pdf');
    await page.getByRole('button', { name: 'Formulier afronden' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${entryUrl}/status`);
    await expect(page.getByRole('link', { name: 'Terug naar formulieren' })).toHaveAttribute('href', `/public/formulieren/${projectId}`);

    // A visitor (no login) e-mails the form to one address, once: the portal is no mail relay.
    await expect(page.getByRole('textbox', { name: 'E-mailadres', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'E-mailadres toevoegen' })).toHaveCount(0);
    await expect(page.getByText('Stuur het formulier als PDF naar uw e-mailadres. Dit kan één keer.')).toBeVisible();
    await checkPage(page, 'forms-public-email');
    await page.getByRole('textbox', { name: 'E-mailadres', exact: true }).fill('bezoeker.e2e@example.nl');
    await page.getByRole('button', { name: 'Verstuur per e-mail' }).click();
    // Where it went, as for every e-mailed entry (each is e-mailed once).
    await expect(page.getByRole('status').filter({ hasText: 'Het formulier is per e-mail verzonden.' })).toContainText(/Verzonden op \d{2}-\d{2}-\d{4} naar bezoeker\.e2e@example\.nl\./);
    await expect(page.getByRole('button', { name: 'Verstuur per e-mail' })).toHaveCount(0);
    await checkPage(page, 'forms-public-emailed');

    // The same visitor (the code kept in this browser) gets the same entry back.
    await page.goto(`/public/formulieren/${projectId}`);
    await page.getByRole('link', { name: /Aanmelding bewonersavond/ }).click();
    await expect(page).toHaveURL(`${entryUrl}/status`);
    expect(await page.evaluate((id) => localStorage.getItem(`portal.visitor.${id}`), projectId)).toBe(unique);
  });

  test('the simple public form: title Formulier, Indienen after confirmation, then read-only', async ({ page, mail }) => {
    const formId = await withDatabase(mail, async (db) => (await db.query<{ id: number }>("select id from forms where name = 'Vraag aan het projectteam'")).rows[0]!.id);
    await page.goto(`/public/formulier/${formId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Formulier' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Vraag aan het projectteam' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug' })).toHaveAttribute('href', '/formulieren');
    await page.getByRole('button', { name: 'Indienen' }).click();
    await expect(page.getByText('Formulier niet goed ingevuld').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Uw naam' }).fill('Petra Bakker');
    await page.getByRole('textbox', { name: 'Uw vraag of opmerking' }).fill('Wanneer begint de renovatie in onze straat?');
    await checkPage(page, 'forms-public-simple');
    await page.getByRole('button', { name: 'Indienen' }).click();
    // Nee keeps the form as it is.
    await page.getByRole('dialog', { name: 'Formulier afronden' }).getByRole('button', { name: 'Nee' }).click();
    await expect(page.getByRole('button', { name: 'Indienen' })).toBeEnabled();
    await page.getByRole('button', { name: 'Indienen' }).click();
    await confirmYes(page);
    await expect(page.getByText('U heeft dit formulier ingediend.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Indienen' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByText('U heeft dit formulier ingediend.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Uw naam' })).toBeDisabled();
    const stored = await withDatabase(mail, async (db) => (await db.query("select values from form_entries where form_id = $1 and values->>'naam' = 'Petra Bakker'", [formId])).rowCount);
    expect(stored).toBe(1);
  });
});
