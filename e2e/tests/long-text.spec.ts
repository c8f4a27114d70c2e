import { DEMO, expect, expectNoHorizontalScroll, screenshots, test } from './fixtures';

/** One unbroken 'word' as long as people paste (a URL, a serial number, a finger on one key). */
const LONG_WORD = `https://example.nl/${'a'.repeat(1500)}`;

test.describe('user-written text never widens the page', () => {
  test('a 1,500-character unbroken word in a chat message wraps at 375 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const customer = (await (await request.get('/api/public/customer/?language=nl')).json()) as { projects: Array<{ id: number; name: string }> };
    const projectId = customer.projects.find((p) => p.name === DEMO.project)!.id;
    await page.goto(`/public/berichten/${projectId}`);
    await page.getByLabel('Naam').fill('Lange Tekst');
    await page.getByRole('textbox', { name: 'Bericht', exact: true }).fill(LONG_WORD);
    await page.getByRole('button', { name: 'Versturen' }).click();
    await expect(page.getByText(LONG_WORD.slice(0, 40), { exact: false }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshots(page, 'long-text-chat');
  });
});

test('a 1,500-character unbroken survey answer wraps at 375 px after it was sent', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const customer = (await (await request.get('/api/public/customer/?language=nl')).json()) as { projects: Array<{ id: number; name: string }> };
  const projectId = customer.projects.find((p) => p.name === DEMO.project)!.id;
  await page.goto(`/public/enquetes/${projectId}`);
  await page.getByRole('group', { name: 'Hoe prettig woont u in de Bloemenbuurt?' }).getByRole('radio', { name: '7', exact: true }).check();
  await page.getByRole('textbox', { name: 'Wat zou de buurt prettiger maken?' }).fill(LONG_WORD);
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(/U heeft deze enquête al ingevuld/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshots(page, 'long-text-survey');
});
