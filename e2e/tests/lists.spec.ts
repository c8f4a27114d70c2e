import { keepingJansPlanningNew, withDatabase } from './db';
import { checkPage, DEMO, expect, loginAsPartner, loginAsResident, test } from './fixtures';

/** Issue 18, "What every list says", the spec's routes and the form pages' finish. */
test.describe('what every list says', () => {
  test('the forms list says per form where the resident stands, with the deadline while one applies', async ({ page, mail }) => {
    // Two forms of this spec's own (other specs change the demo forms' entries): one waiting for Jan's signature
    // with a closing date, one Jan finished.
    const names = { signing: 'Lijsttest: nog ondertekenen', done: 'Lijsttest: afgerond' };
    await withDatabase(mail, async (db) => {
      await db.query('DELETE FROM forms WHERE name = ANY($1::text[])', [Object.values(names)]);
      for (const [state, name] of Object.entries(names)) {
        const form = (await db.query<{ id: number; project_id: number }>(
          `INSERT INTO forms (project_id, kind, name, description, definition, position, is_active, require_to_sign_form, published_version, closes_at)
           SELECT project_id, kind, $1, description, definition, 90, true, true, published_version, '2099-12-15T12:00:00Z'
           FROM forms WHERE name = 'Toestemming om de woning te betreden' RETURNING id, project_id`, [name])).rows[0]!;
        const signed = state === 'done';
        await db.query(
          `INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, values, status, locked, nr_of_signatures, signatures)
           VALUES ($1, $2, (SELECT a.id FROM addresses a JOIN address_projects ap ON ap.address_id = a.id WHERE a.zipcode = '1234AB' AND a.house_number = '10' AND ap.project_id = $2 LIMIT 1), true,
                   '{"akkoord": "ja"}', $3, true, 1, $4)`,
          [form.id, form.project_id, signed ? 'signed' : 'locked', JSON.stringify({ 1: { image: null, who: 'Jan de Vries', description: null, mobile: null, signed, signedAt: null } })],
        );
      }
    });
    try {
      await loginAsResident(page, DEMO.resident);
      await page.goto('/formulieren');
      const card = (name: RegExp | string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
      await expect(card(names.signing)).toContainText('Status: Ondertekenen');
      await expect(card(names.signing)).toContainText('Invullen kan tot en met 15-12-2099');
      await expect(card(names.done)).toContainText('Status: Afgerond');
      await expect(card(names.done)).not.toContainText('Invullen kan tot en met'); // nothing left to do: no date to mind
      // every form says where it stands (the states follow the demo's and the other specs' entries); a menu says nothing
      for (const name of [/Akkoord met de uitvoeringsplanning/, /Aanmelding bewonersavond/, /Opname van uw woning/, /Draagvlakmeting renovatieplan/, /Keuzes voor uw keuken/]) {
        await expect(card(name).getByText(/^Status: (Niet begonnen|Bezig|Ondertekenen|Betalen|Verzonden|Afgerond)$/)).toHaveCount(1);
      }
      await expect(card(/Uw woning en de renovatie/).getByText(/^Status:/)).toHaveCount(0);
      await expect(page.getByText('geopend')).toHaveCount(0);
      await checkPage(page, 'lists-forms-states');

      // inside a menu too; the way back has its chevron, as on every other page
      await page.getByRole('link', { name: /Uw woning en de renovatie/ }).click();
      await page.getByRole('link', { name: /Meldingen en verzoeken/ }).click();
      await expect(card(/Melding van een klein gebrek/).getByText(/^Status: /)).toHaveCount(1);
      const back = page.getByRole('link', { name: 'Terug naar het menu' });
      await expect(back.locator('svg')).toHaveCount(1);
      await checkPage(page, 'lists-forms-menu-states');
    } finally {
      await withDatabase(mail, (db) => db.query('DELETE FROM forms WHERE name = ANY($1::text[])', [Object.values(names)]));
    }
  });

  test("the resident's Opname tile opens the resident's own intake form", async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    const tile = page.getByRole('navigation', { name: 'Onderdelen van het project' }).getByRole('link', { name: /Opname/ });
    await expect(tile).toHaveAttribute('href', /^\/partner\/opname\/project\/\d+\/formulieren$/); // the spec's tile target
    await tile.click();
    await expect(page).toHaveURL(/\/formulier\/opname\/\d+\/0$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Opname van uw woning' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar formulieren' }).locator('svg')).toHaveCount(1);
    await checkPage(page, 'lists-intake-from-tile');
  });

  test("the partner's project card opens the project from its title", async ({ page }) => {
    await loginAsPartner(page, DEMO.partner);
    await page.getByRole('link', { name: new RegExp(DEMO.customer) }).click();
    await expect(page).toHaveURL(/\/partner\/projecten\/\d+$/);
    const title = page.getByRole('heading', { level: 2, name: DEMO.project }).getByRole('button', { name: DEMO.project });
    await expect(title).toBeVisible();
    await checkPage(page, 'lists-partner-projects');
    await title.click();
    await expect(page).toHaveURL(/\/partner\/dashboard\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
  });
});

test.describe('routes as the spec gives them', () => {
  test('/planning/{day}/{item_nr} opens the item at that position of the day, from 0', async ({ page, mail }) => {
    // Opening the planning marks it read for Jan: the marks are taken away again (other specs count his new items).
    await keepingJansPlanningNew(mail, async () => {
      await loginAsResident(page, DEMO.resident);
      await page.goto('/planning/');
      const day = await page.locator('a[aria-current="date"][data-day]').getAttribute('data-day');
      expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const toggles = page.getByRole('region', { name: /^Planning voor/ }).locator('button[aria-expanded]');
      await page.goto(`/planning/${day}/0`);
      await expect(toggles.first()).toHaveAttribute('aria-expanded', 'true');
      const count = await toggles.count();
      for (let i = 1; i < count; i++) await expect(toggles.nth(i)).toHaveAttribute('aria-expanded', 'false');
      await checkPage(page, 'lists-planning-item-0');
      if (count > 1) {
        await page.goto(`/planning/${day}/1`);
        await expect(toggles.nth(1)).toHaveAttribute('aria-expanded', 'true');
        await expect(toggles.first()).toHaveAttribute('aria-expanded', 'false');
      }
    });
  });
});

test.describe('the form pages’ finish', () => {
  test('a step opened with the keyboard focuses its heading without the heavy ring; keyboard focus on controls keeps it', async ({ page }) => {
    await loginAsResident(page, DEMO.residentTwoProjects);
    await page.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Aanmelding bewonersavond/ }).click();
    await expect(page).toHaveURL(/\/formulier\/formulier\/\d+\/\d+\/0$/);
    await expect(page.getByRole('link', { name: 'Terug naar formulieren' }).locator('svg')).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Uw naam' }).fill('Fatima El Amrani');
    await page.getByRole('textbox', { name: 'Met hoeveel personen komt u?' }).fill('1');
    await page.getByRole('radio', { name: 'Donderdag 16 april' }).check();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/samenvatting$/);
    const focused = page.locator('h2:focus');
    await expect(focused).toHaveCount(1);
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
    await checkPage(page, 'lists-form-step-focus');
    // the next Tab reaches a control, which shows the keyboard ring
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: style.outlineWidth, tag: document.activeElement!.tagName };
    });
    expect(['A', 'BUTTON', 'INPUT']).toContain(ring.tag);
    expect(ring).toMatchObject({ style: 'solid', width: '3px' });
  });
});
