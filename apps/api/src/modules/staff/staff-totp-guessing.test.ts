import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffLoginAnswer } from '@portal/contract';
import { DEMO } from '../../demo/seed.ts';
import { STAFF_DEMO } from '../../demo/staff.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';

/**
 * Someone who knows an account's password guesses its TOTP code from many client addresses: the limits per
 * client did not stop that (about 0.5 codes a second for the account). Now the account's second factor is
 * slowed down account-wide (past TOTP_SLOWDOWN_AFTER codes, one per TOTP_SLOWDOWN_MS, 30 s) and the account is
 * mailed after repeated failures.
 */
describe('guessing the TOTP code of an account from many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, body: unknown, ip: string) => t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });
  const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

  it('checks a few codes, then one per 30 s for the account whatever the address; the owner is mailed once', async () => {
    const answer = await post('/api/staff/login', { email: 'beheer@example.nl', password: DEMO.adminPassword }, '10.9.0.1');
    const { ticket } = answer.json<TStaffLoginAnswer & { ticket: string }>();
    const right = await generate({ secret: STAFF_DEMO.adminTotpSecret });

    // Twelve guesses at once, each from its own address.
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/staff/login/totp', { ticket, code: wrongCode(right) }, `10.9.1.${i + 1}`)));
    const statuses = guesses.map((g) => g.statusCode).sort();
    // five, then one turn; the others are told to come back when the next turn is free
    expect(statuses).toEqual([...Array(6).fill(422), ...Array(6).fill(429)]);
    for (const refused of guesses.filter((g) => g.statusCode === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(20);
      expect(refused.json<{ message: string }>().message).toMatch(/probeer/i);
    }
    // the next guess, from yet another address, waits its turn as well
    expect((await post('/api/staff/login/totp', { ticket, code: wrongCode(right) }, '10.9.2.1')).statusCode).toBe(429);

    // The owner hears of it, once in the hour however long it goes on.
    await runJobs(t);
    const mails = await t.query<{ to: string; subject: string; text: string }>("SELECT \"to\", subject, text FROM mail_outbox WHERE subject = 'Verkeerde codes bij het inloggen op uw account'");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('beheer@example.nl');
    expect(mails[0]!.text).toContain('5 keer een verkeerde code');
    expect(mails[0]!.text).toContain('Wijzig uw wachtwoord');

    // Half a minute later the next turn is free: the owner's right code signs in and the account's count starts again.
    await t.query("UPDATE rate_limits SET reset_at = now() WHERE key LIKE 'code:turn:%'");
    const owner = await post('/api/staff/login/totp', { ticket, code: right }, '10.9.3.1');
    expect(owner.statusCode, owner.body).toBe(200);
    await runJobs(t);
    expect(await t.query("SELECT id FROM mail_outbox WHERE subject = 'Verkeerde codes bij het inloggen op uw account'")).toHaveLength(1);
  });
});
