import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import { drawnSignature, smsCodes } from './signing.ts';

const urlEncoded = { 'content-type': 'application/x-www-form-urlencoded' };

/** The demo's consent forms: Bloemenbuurt's (SMS, attachments) and Rivierenwijk's without SMS. */
export async function consentForms(t: TestApp): Promise<{ form: number; riverPlain: number }> {
  const rows = await t.query<{ name: string; id: number }>("SELECT name, id FROM forms WHERE kind = 'support-base'");
  const byName = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  return { form: byName['Draagvlakmeting renovatieplan']!, riverPlain: byName['Instemming zonnepanelen op het dak']! };
}

/**
 * Signs at the local sign page as the signer would: with SMS verification, the code from the outbox first.
 * `userAgent`: the signer's browser, as the evidence records it.
 */
export async function signOnLocalPage(t: TestApp, signUrl: string, mobile?: string, options: { userAgent?: string } = {}): Promise<void> {
  const path = new URL(signUrl, 'http://localhost').pathname;
  if (mobile) {
    expect((await t.app.inject({ method: 'POST', url: `${path}/sms`, headers: urlEncoded, payload: '' })).statusCode).toBe(303);
    const [code] = await smsCodes(t, mobile);
    const typed = await t.app.inject({ method: 'POST', url: `${path}/code`, headers: urlEncoded, payload: new URLSearchParams({ code: code! }).toString() });
    expect(typed.statusCode, typed.body).toBeLessThan(400);
  }
  const headers = { ...urlEncoded, ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) };
  const signed = await t.app.inject({ method: 'POST', url: path, headers, payload: new URLSearchParams({ signature: await drawnSignature() }).toString() });
  expect(signed.statusCode, signed.body).toBeLessThan(400);
}
