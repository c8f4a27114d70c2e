import { withDatabase } from './db';
import { checkPage, DEMO, expect, loginAsPartner, loginAsResident, test } from './fixtures';

/** Issue 18, "What every list says", the spec's routes and the form pages' finish. */
test.describe('what every list says', () => {
  test('the forms list says per form where the resident stands, with the deadline while one applies', async ({ page, mail }) => {
    const deadline = await withDatabase(mail, async (db) => {
      await db.query("UPDATE forms SET deadline = '2099-12-15T12:00:00Z' WHERE name = 'Keuzes voor uw keuken'");
      return '15-12-2099';
    });
    try {
      await loginAsResident(page, DEMO.resident);
      await page.goto('/formulieren');
      const card = (name: RegExp) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
      await expect(card(/Opname van uw woning/)).toContainText('Niet begonnen');
      await expect(card(/Keuzes voor uw keuken/)).toContainText(`Invullen kan tot en met ${deadline}`);
      for (const name of [/Akkoord met de uitvoeringsplanning/, /Aanmelding bewonersavond/, /Draagvlakmeting renovatieplan/]) {
        await expect(card(name).getByText(/^Status: (Niet begonnen|Bezig|Ondertekenen|Betalen|Verzonden|Afgerond)$/)).toHaveCount(1);
      }
      await expect(page.getByText('geopend')).toHaveCount(0);
      await checkPage(page, 'lists-forms-states');

      // a form finished before says so, inside its menu too
      await page.getByRole('link', { name: /Uw woning en de renovatie/ }).click();
      await page.getByRole('link', { name: /Meldingen en verzoeken/ }).click();
      await expect(card(/Melding van een klein gebrek/)).toContainText('Afgerond');
      // the way back has its chevron, as on every other page
      const back = page.getByRole('link', { name: 'Terug naar het menu' });
      await expect(back.locator('svg')).toHaveCount(1);
      await checkPage(page, 'lists-forms-menu-states');
    } finally {
      await withDatabase(mail, (db) => db.query("UPDATE forms SET deadline = NULL WHERE name = 'Keuzes voor uw keuken'"));
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
  test('/planning/{day}/{item_nr} opens the item at that position of the day, from 0', async ({ page }) => {
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
