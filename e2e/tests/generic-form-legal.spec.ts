import { checkPage, DEMO, expect, loginAsResident, test } from './fixtures';
import { confirmYes, drawOnCanvas, openSummaryPdf, stepsNav } from './form-helpers';

test.describe('a generic form signed through the signing service', () => {
  test('the local signing page in the frame: signed there, the portal notices it and sends the form', async ({ page }) => {
    await loginAsResident(page, DEMO.resident);
    await page.goto('/formulieren');
    await page.getByRole('link', { name: /Akkoord met de uitvoeringsplanning/ }).click();
    await expect(page).toHaveURL(/\/formulier\/formulier\/\d+\/\d+\/0$/);
    const entryUrl = page.url().replace(/\/0$/, '');
    await page.getByRole('radio', { name: 'Ja, ik ga akkoord' }).check();
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${entryUrl}/samenvatting`);
    await openSummaryPdf(page);
    await page.getByRole('button', { name: 'Formulier ondertekenen' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${entryUrl}/aantal-handtekeningen`);
    // With legal signing each signer's name goes to the signing service.
    await page.getByRole('textbox', { name: 'Naam ondertekenaar 1' }).fill('Jan de Vries');
    await page.getByRole('button', { name: 'Opslaan en volgende' }).click();
    await expect(page).toHaveURL(`${entryUrl}/handtekening/1`);

    // The signing page in a frame; the portal asks every 5 seconds whether it was signed.
    const frameElement = page.locator('iframe[title="Ondertekenen, handtekening 1"]');
    await expect(frameElement).toBeVisible();
    const frame = page.frameLocator('iframe[title="Ondertekenen, handtekening 1"]');
    await expect(frame.getByRole('heading', { name: 'Document ondertekenen' })).toBeVisible();
    await expect(frame.getByText('Jan de Vries')).toBeVisible();
    await expect(page.getByText('Wacht op ondertekening.')).toBeVisible();

    const polls: string[] = [];
    page.on('request', (request) => {
      if (/\/is-signed\/1/.test(request.url())) polls.push(request.url());
    });
    await drawOnCanvas(page, frame.getByRole('img', { name: 'Tekenvlak voor uw handtekening' }), frameElement);
    await frame.getByRole('button', { name: 'Ondertekenen' }).click();
    await expect(frame.getByRole('heading', { name: 'Document ondertekend' })).toBeVisible();

    // The next poll sees it: the only signer signed, 'Formulier verzenden' leads to the status.
    await expect(page.getByText('Dit document is reeds ondertekend.')).toBeVisible({ timeout: 15_000 });
    expect(polls.length).toBeGreaterThan(0);
    await expect(stepsNav(page).getByRole('link', { name: /gereed: Handtekening 1/ })).toBeVisible();
    await checkPage(page, 'generic-form-legal-signed');
    // Sending asks Ja or Nee (spec 5).
    await page.getByRole('button', { name: 'Formulier verzenden' }).click();
    await confirmYes(page);
    await expect(page).toHaveURL(`${entryUrl}/status`);
    await expect(page.getByText('Formulier verzonden').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verstuur per e-mail' })).toBeVisible();
  });
});
