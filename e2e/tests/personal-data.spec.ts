import { withDatabase } from './db';
import { checkPage, DEMO, expect, loginAsResident, loginToConsole, screenshots, test } from './fixtures';

/**
 * Residents' rights (issue 20): a resident asks for their data on /profiel and opens the PDF from the e-mail's link;
 * staff erase a household member of an address of the spec's own in the console.
 */

test('a resident asks for an export on /profiel and opens the PDF from the e-mail link; an expired link explains itself', async ({ page, mail }) => {
  test.setTimeout(120_000);
  // Once a day per resident: earlier runs' exports of Jan go first.
  await withDatabase(mail, (db) => db.query(`DELETE FROM personal_data_exports WHERE requested_by = 'resident'
    AND occupant_id = (SELECT id FROM occupants WHERE email_address = $1)`, [DEMO.residentEmail]));
  await loginAsResident(page, DEMO.resident);
  await page.goto('/profiel');
  const section = page.getByRole('region', { name: 'Mijn gegevens opvragen' });
  await expect(section).toBeVisible();
  await checkPage(page, 'personal-data-profile');
  const before = Date.now();
  await section.getByRole('button', { name: 'Mijn gegevens opvragen' }).click();
  await expect(section.getByRole('status')).toContainText('U krijgt binnen enkele minuten een e-mail met een downloadlink');
  await screenshots(page, 'personal-data-profile-asked');

  const letter = await mail.waitFor({ to: DEMO.residentEmail, subject: 'Uw gegevens staan klaar' }, 60_000);
  expect(new Date(letter.date).getTime()).toBeGreaterThan(before - 60_000);
  const link = /https?:\/\/\S+\/api\/personal-data\/download\/[\w-]{40,}/.exec(letter.text)?.[0];
  expect(link, letter.text).toBeTruthy();
  const path = new URL(link!).pathname;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Uw gegevens' })).toBeVisible();
  await checkPage(page, 'personal-data-download');
  const pdfHref = await page.getByRole('link', { name: 'Bekijk het overzicht (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(new URL(pdfHref!).pathname);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);

  await withDatabase(mail, (db) => db.query(`UPDATE personal_data_exports SET expires_at = now() - interval '1 minute' WHERE requested_by = 'resident'
    AND occupant_id = (SELECT id FROM occupants WHERE email_address = $1)`, [DEMO.residentEmail]));
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Deze downloadlink is verlopen of bestaat niet.' })).toBeVisible();
  await expect(page.getByText('Vraag een nieuwe export aan')).toBeVisible();
  await checkPage(page, 'personal-data-link-expired');
});

test('staff export a household member and erase her in the console, seeing what a hold keeps', async ({ page, mail }) => {
  test.setTimeout(120_000);
  const { projectId, addressId } = await withDatabase(mail, async (db) => {
    await db.query(`DELETE FROM addresses WHERE zipcode = '9998ZZ'`);
    // A retry's (or an earlier run's) mail to the Wis household goes too.
    await db.query(`DELETE FROM mail_outbox WHERE lower("to") IN ('henk.wis@example.nl', 'mila.wis@example.nl')`);
    const project = (await db.query<{ id: number; customer_id: number }>('SELECT id, customer_id FROM projects WHERE name = $1', [DEMO.project])).rows[0]!;
    const address = (await db.query<{ id: number }>(`INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activated_at)
      VALUES ($1, '9998ZZ', '7', 'Wisstraat', 'Testdorp', now()) RETURNING id`, [project.customer_id])).rows[0]!;
    await db.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address.id, project.id]);
    await db.query(`INSERT INTO occupants (address_id, first_name, last_name, email_address, is_main, password_hash) VALUES ($1, 'Henk', 'Wis', 'henk.wis@example.nl', true, 'x')`, [address.id]);
    await db.query(`INSERT INTO occupants (address_id, first_name, last_name, email_address) VALUES ($1, 'Mila', 'Wis', 'mila.wis@example.nl')`, [address.id]);
    const form = (await db.query<{ id: number }>(`SELECT id FROM forms WHERE project_id = $1 AND kind = 'choice' ORDER BY id LIMIT 1`, [project.id])).rows[0];
    expect(form, 'the demo project has a choice form').toBeTruthy();
    if (form) {
      const entry = (await db.query<{ id: number }>(`INSERT INTO form_entries (form_id, project_id, address_id, status, locked, amount_cents, paid_at)
        VALUES ($1, $2, $3, 'paid', true, 5000, now()) RETURNING id`, [form.id, project.id, address.id])).rows[0]!;
      await db.query(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id, amount_cents, description, status, idempotency_key, paid_at)
        VALUES ('local', $4, 'choice-form', $1, $2, $3, 5000, 'Meerwerk Wisstraat 7', 'paid', $4, now())`, [entry.id, project.id, form.id, `e2e-wis-${entry.id}`]);
    }
    await db.query(`INSERT INTO mail_outbox ("to", subject, text) VALUES ('mila.wis@example.nl', 'Bericht aan Mila', 'Beste Mila')`);
    return { projectId: project.id, addressId: address.id };
  });

  await loginToConsole(page);
  // From the project's address list: the address's Privacy link.
  await page.goto(`/beheer/projecten/${projectId}/adressen`);
  await page.getByRole('searchbox', { name: 'Zoek op postcode, huisnummer, straat of plaats' }).fill('9998ZZ');
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: /^Privacy Wisstraat 7,/ }).click();
  await expect(page).toHaveURL(new RegExp(`/beheer/projecten/${projectId}/adressen/${addressId}/privacy$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy: gegevens van bewoners' })).toBeVisible();
  await expect(page.getByRole('link', { name: DEMO.project })).toBeVisible();
  await expect(page.getByText('Wisstraat 7, 9998 ZZ Testdorp')).toBeVisible();
  await page.getByRole('button', { name: 'Gegevens exporteren van Mila Wis' }).click();
  const exports = page.getByRole('region', { name: 'Exports' });
  await expect(exports.getByRole('button', { name: /Downloaden/ })).toBeVisible({ timeout: 30_000 });
  await expect(exports).toContainText('Bewoner: Mila Wis');
  await checkPage(page, 'personal-data-console');

  // Erasing the holder would make Mila the holder (she has no account: the address would be activated anew); not now.
  await page.getByRole('button', { name: 'Wissen Henk Wis' }).click();
  const holderDialog = page.getByRole('dialog', { name: 'Henk Wis wissen' });
  await expect(holderDialog.getByRole('status')).toContainText('Mila Wis wordt de nieuwe hoofdbewoner. Niemand die overblijft heeft een account');
  await screenshots(page, 'personal-data-erase-holder-dialog');
  await holderDialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(holderDialog).toBeHidden();

  // The address is in the demo project, where other tests publish news at the same time: the notifications module may
  // mail Mila meanwhile. The dialog counts her mail as the database holds it between these two reads.
  const mailToMila = () => withDatabase(mail, async (db) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE lower("to") = 'mila.wis@example.nl'`)).rows[0]!.n);
  const mailBefore = await mailToMila();
  expect(mailBefore).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Wissen Mila Wis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mila Wis wissen' });
  await expect(dialog.getByText('De andere bewoners blijven')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Wordt gewist' })).toBeVisible();
  const shown = Number(/Verstuurde e-mail: (\d+)/.exec(await dialog.innerText())?.[1]);
  const mailAfter = await mailToMila();
  expect(shown).toBeGreaterThanOrEqual(mailBefore);
  expect(shown).toBeLessThanOrEqual(mailAfter);
  await expect(dialog.getByRole('heading', { name: 'Blijft bewaard' })).toBeVisible();
  await expect(dialog).toContainText('Fiscale bewaarplicht: betalingen worden 7 jaar bewaard.');
  await checkPage(page, 'personal-data-erase-dialog');
  await dialog.getByRole('button', { name: 'Definitief wissen' }).click();
  await expect(dialog.getByText('Geef een reden van minstens 3 tekens.')).toBeVisible();
  await dialog.getByLabel('Reden van het wissen').fill('Verzoek van de bewoner');
  await dialog.getByRole('button', { name: 'Definitief wissen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Mila Wis is gewist.')).toBeVisible();
  const household = page.getByRole('region', { name: 'Bewoners' });
  await expect(household).not.toContainText('Mila Wis');
  await expect(household).toContainText('Henk Wis');

  const left = await withDatabase(mail, async (db) => ({
    occupants: (await db.query('SELECT 1 FROM occupants WHERE address_id = $1', [addressId])).rowCount,
    mail: (await db.query(`SELECT 1 FROM mail_outbox WHERE "to" = 'mila.wis@example.nl'`)).rowCount,
    audit: (await db.query(`SELECT after FROM audit_log WHERE action = 'personal-data-erase' AND entity_id = $1`, [String(addressId)])).rows as Array<{ after: Record<string, unknown> }>,
  }));
  expect(left.occupants).toBe(1);
  expect(left.mail).toBe(0);
  expect(left.audit).toHaveLength(1);
  expect(JSON.stringify(left.audit[0]!.after)).not.toContain('Mila');
  await withDatabase(mail, (db) => db.query('DELETE FROM payments WHERE entry_id IN (SELECT id FROM form_entries WHERE address_id = $1)', [addressId])
    .then(() => db.query('DELETE FROM addresses WHERE id = $1', [addressId])));
});
