import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, checkPage, cssVariable, DEMO, expect, test } from './fixtures';

const LOGO = '/api/assets/demo/logo-devries.svg';
const WEBSITE = 'https://www.example.nl/renovatie?van=link';
const PRIMARY = '#aa0000';
const SECONDARY = '#005500';
const NOTIFICATION = 'Let op: deze week geen werkzaamheden.';
const root = path.resolve(import.meta.dirname, '../..');

/**
 * What the staff console does to open the portal for an address: log in as administrator, then ask
 * POST /admin/login-link for a single-use ticket for the address (the link's {token}).
 */
async function loginLinkTicket(request: APIRequestContext) {
  const resident = await apiLogin(request, { zipcode: DEMO.resident.zipcode, house_number: DEMO.resident.houseNumber, password: DEMO.resident.password });
  const addressId = resident.address_id!;
  const admin = await apiLogin(request, { ...DEMO.admin });
  const response = await request.post('/api/admin/login-link', { data: { address_id: addressId, language: 'nl' }, headers: { authorization: `Bearer ${admin.token}` } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { ticket: token, addressId, residentToken: resident.token! };
}

const enc = encodeURIComponent;

test.describe('token logins', () => {
  test('a full /setlogin link stores the session and its branding', async ({ page, request }) => {
    const { ticket, addressId } = await loginLinkTicket(request);
    const link = `/setlogin/${enc(ticket)}/${enc(LOGO)}/${enc(WEBSITE)}/${enc(PRIMARY)}/${enc(SECONDARY)}/-/${addressId}/${enc(NOTIFICATION)}`;
    expect(link).toContain('/%23aa0000/');
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('portal.token'),
      role: localStorage.getItem('portal.role'),
      adminToken: localStorage.getItem('portal.admin_token'),
      addressId: localStorage.getItem('portal.address_id'),
      isAdmin: localStorage.getItem('portal.is_admin'),
      branding: JSON.parse(localStorage.getItem('portal.branding') ?? 'null') as Record<string, string> | null,
    }));
    // the ticket was exchanged for a session of its own: the link's token is not the session
    expect(stored).toMatchObject({ role: 'occupant', addressId: String(addressId), isAdmin: 'true' });
    expect(stored.token).toEqual(expect.any(String));
    expect(stored.token).not.toBe(ticket);
    expect(stored.adminToken).toEqual(expect.any(String));
    expect(stored.branding).toMatchObject({ logo: LOGO, website: WEBSITE, color_primary: PRIMARY, color_secondary: SECONDARY, notification: NOTIFICATION });

    await expect(page.getByRole('banner').getByRole('img')).toHaveAttribute('src', LOGO);
    expect(await cssVariable(page, '--brand-primary')).toBe(PRIMARY);
    expect(await cssVariable(page, '--brand-secondary')).toBe(SECONDARY);
    // staff acting for the address are told so on every page
    await expect(page.getByRole('note')).toContainText('U bekijkt het portaal als beheerder namens dit adres');
    await checkPage(page, 'setlogin-dashboard');
  });

  test('the shortest /setlogin link (token, logo, website, primary) works too', async ({ page, request }) => {
    const { ticket } = await loginLinkTicket(request);
    await page.goto(`/setlogin/${enc(ticket)}/${enc(LOGO)}/${enc(WEBSITE)}/${enc(PRIMARY)}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('img')).toHaveAttribute('src', LOGO);
    expect(await cssVariable(page, '--brand-primary')).toBe(PRIMARY);
    expect(await page.evaluate(() => localStorage.getItem('portal.is_admin'))).toBe('true');
  });

  test('a login link works once, and a session token in its place logs nobody in', async ({ page, request }) => {
    const { ticket, residentToken } = await loginLinkTicket(request);
    await page.goto(`/setlogin/${enc(ticket)}/${enc(LOGO)}/${enc(WEBSITE)}/${enc(PRIMARY)}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.clear());
    // the same link again
    await page.goto(`/setlogin/${enc(ticket)}/${enc(LOGO)}/${enc(WEBSITE)}/${enc(PRIMARY)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen mislukt' })).toBeVisible();
    // an attacker's own session token, sent to a victim as a link
    await page.goto(`/setlogin/${enc(residentToken)}/${enc(LOGO)}/${enc(WEBSITE)}/${enc(PRIMARY)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen mislukt' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  });

  test('an invalid /setlogin token shows the error page', async ({ page }) => {
    await page.goto(`/setlogin/not-a-real-token/${enc(LOGO)}/${enc(WEBSITE)}/${enc(PRIMARY)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen mislukt' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Deze inloglink werkt niet');
    await expect(page.getByRole('link', { name: 'Naar inloggen' })).toHaveAttribute('href', '/inloggen');
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await checkPage(page, 'setlogin-invalid');
  });

  test('the woco link logs the housing-corporation user in and routes like a partner', async ({ page }) => {
    await page.goto(`/woco/login/${DEMO.wocoToken}`);
    // one customer with two public projects: that customer's project list
    await expect(page).toHaveURL(/\/partner\/projecten\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open project/ })).toHaveCount(2);
    expect(await page.evaluate(() => localStorage.getItem('portal.role'))).toBe('woco');
    await checkPage(page, 'woco-projects');

    await page.getByRole('button', { name: `Open project: ${DEMO.project}` }).click();
    await expect(page).toHaveURL(/\/partner\/dashboard\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
  });

  test('a bad woco token shows an error', async ({ page }) => {
    await page.goto('/woco/login/this-token-does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen mislukt' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Deze inloglink is ongeldig of verlopen.');
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await checkPage(page, 'woco-invalid');
  });

  test('the operator CLI prints a working /setlogin link', async ({ page, mail }) => {
    test.skip(!fs.existsSync(path.join(root, 'apps/api/src/cli.ts')), 'apps/api/src/cli.ts is not there yet');
    const { dataDir, publicUrl } = await mail.info();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', 'login-link', '--address', '1234AB10'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: publicUrl, DATABASE_URL: '', INIT_CWD: root },
      timeout: 60_000,
    });
    const link = stdout.trim();
    expect(link).toMatch(new RegExp(`^${publicUrl}/setlogin/`));
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO.project })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal.is_admin'))).toBe('true');
  });
});
