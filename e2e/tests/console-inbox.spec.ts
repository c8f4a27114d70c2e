import type { Browser, Page } from '@playwright/test';
import { checkPage, DEMO, expect, loginAsResident, loginToConsole, test, workerPortal } from './fixtures';

/** A console page in a browser of its own (the resident keeps the test's page). */
async function consolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', baseURL: workerPortal().baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await loginToConsole(page, DEMO.consoleEditor);
  return page;
}

/**
 * The team inbox (issue 17): a resident sends a chat message; a project editor makes a saved reply, finds the
 * conversation in the console's inbox, assigns it to themself, answers with the saved reply, adds a private note and
 * closes it; the resident, away meanwhile, receives the e-mail about the answer, then reads the answer and never the note.
 */
test('an editor assigns, answers with a saved reply and closes a resident\'s chat; the resident is mailed and never sees the private note', async ({ page, browser, mail }) => {
  test.setTimeout(480_000);
  const stamp = Date.now();
  const question = `Wanneer komt de schilder langs? (e2e${stamp})`;
  const replyTitle = `Schilder (e2e ${stamp})`;
  const secret = `GEHEIM e2e${stamp}: bewoner belt vaak`;

  // ---- the resident asks, then leaves the chat ----------------------------------------------------
  await loginAsResident(page, DEMO.resident);
  await page.goto('/berichten');
  await page.getByRole('textbox', { name: 'Bericht', exact: true }).fill(question);
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByTestId('chat-messages')).toContainText(question);
  await page.goto('/dashboard');

  const editor = await consolePage(browser);
  try {
    // ---- a saved reply of the customer -------------------------------------------------------------
    await editor.goto('/beheer/inbox');
    await expect(editor.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await editor.getByRole('link', { name: 'Standaardantwoorden en melding' }).click();
    await expect(editor).toHaveURL(/\/beheer\/inbox\/instellingen$/);
    const add = editor.getByRole('form', { name: 'Standaardantwoord toevoegen' });
    await add.getByRole('button', { name: 'Standaardantwoord toevoegen' }).click();
    await expect(add.getByText('Geef het standaardantwoord een titel.')).toBeVisible();
    await add.getByRole('textbox', { name: 'Titel' }).fill(replyTitle);
    await add.getByRole('textbox', { name: 'Tekst' }).fill('Beste {voornaam}, de schilder komt volgende week dinsdag langs.');
    await add.getByRole('button', { name: 'Standaardantwoord toevoegen' }).click();
    await expect(editor.getByRole('heading', { level: 3, name: replyTitle })).toBeVisible();
    await checkPage(editor, 'console-inbox-settings');

    // ---- the inbox: the resident's conversation, found by its text ---------------------------------
    await editor.getByRole('link', { name: 'Inbox', exact: true }).first().click();
    await expect(editor).toHaveURL(/\/beheer\/inbox$/);
    await editor.getByLabel('Status').selectOption({ label: 'Open' });
    await expect(editor).toHaveURL(/status=open/);
    await editor.getByRole('searchbox', { name: 'Zoek op adres, naam of berichttekst' }).fill(`e2e${stamp}`);
    await editor.getByRole('button', { name: 'Zoeken', exact: true }).click();
    await expect(editor).toHaveURL(new RegExp(`q=e2e${stamp}`));
    const list = editor.getByRole('list', { name: 'Inbox' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Open');
    await expect(list.getByRole('listitem')).toContainText('Niet toegewezen');
    await editor.getByLabel('Project').selectOption({ label: DEMO.project });
    await expect(editor.getByRole('heading', { name: 'Tijd tot eerste antwoord' })).toBeVisible();
    await checkPage(editor, 'console-inbox');

    // ---- the conversation: assign to self, answer with the saved reply, note, close ----------------
    await list.getByRole('link', { name: /Jan de Vries/ }).click();
    await expect(editor).toHaveURL(/\/beheer\/inbox\/\d+$/);
    await expect(editor.getByRole('list', { name: 'Berichten' })).toContainText(question);
    await expect(editor.getByRole('complementary', { name: 'Over dit adres' })).toContainText('Huishouden');
    await editor.getByRole('button', { name: 'Aan mij toewijzen' }).click();
    await expect(editor.getByLabel('Toegewezen aan')).toHaveValue(/\d+/);
    await expect(editor.getByLabel('Toegewezen aan').locator('option:checked')).toHaveText('Eva Smit (redactie)');

    await editor.getByLabel('Standaardantwoord').selectOption({ label: replyTitle });
    await editor.getByRole('button', { name: 'Invoegen' }).click();
    const answer = editor.getByRole('textbox', { name: 'Uw antwoord' });
    await expect(answer).toHaveValue('Beste Jan, de schilder komt volgende week dinsdag langs.');
    await editor.getByRole('button', { name: 'Versturen' }).click();
    await expect(editor.getByText('Uw antwoord is verstuurd.')).toBeVisible();
    await expect(answer).toHaveValue('');
    await expect(editor.getByRole('list', { name: 'Berichten' })).toContainText('de schilder komt volgende week dinsdag langs');

    await editor.getByRole('textbox', { name: 'Nieuwe notitie' }).fill(secret);
    await editor.getByRole('button', { name: 'Notitie toevoegen' }).click();
    await expect(editor.getByRole('region', { name: 'Interne notities' })).toContainText(secret);
    await checkPage(editor, 'console-inbox-conversation');

    await editor.getByRole('button', { name: 'Gesprek sluiten' }).click();
    await expect(editor.getByText('Het gesprek is gesloten.')).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Gesprek heropenen' })).toBeVisible();
  } finally {
    await editor.context().close();
  }

  // ---- the resident, away: the e-mail (a minute after the answer, when still unread) ----------------
  const told = await mail.waitFor({ to: DEMO.residentEmail, subject: /^Nieuw antwoord op uw bericht/ }, 150_000);
  expect(told.text).toContain('/berichten');
  expect(told.text).not.toContain('GEHEIM');

  // ---- the resident reads the answer and never the note ---------------------------------------------
  await page.goto('/berichten');
  await expect(page.getByTestId('chat-messages')).toContainText('Beste Jan, de schilder komt volgende week dinsdag langs.');
  await expect(page.getByText(/GEHEIM/)).toHaveCount(0);
  expect(await page.content()).not.toContain('GEHEIM');
});
