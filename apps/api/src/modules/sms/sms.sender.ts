import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../plugins/env.ts';
import { smsOutbox } from './sms.table.ts';

export type Sms = { to: string; text: string };

/** Sends one SMS to a provider; answers the provider's message id when it gives one. */
export type SmsTransport = { send(sms: Sms & { from: string }): Promise<{ id: string | null }> };

/** The sms sender every module uses: one call, whatever is behind it. */
export type SmsSender = { send(sms: Sms): Promise<void> };

/**
 * A skeleton adapter for an SMS provider's HTTP API: POST {SMS_PROVIDER_URL} with JSON
 * `{ from, to, text }` and `Authorization: Bearer {SMS_PROVIDER_TOKEN}`; a 2xx answer is success
 * and its JSON `id` (if any) is kept. A real provider's field names go here, nowhere else.
 */
export function createHttpSmsTransport(url: string, token: string | undefined, fetchImpl: typeof fetch = fetch): SmsTransport {
  return {
    async send(sms) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ from: sms.from, to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      return { id: body && (typeof body.id === 'string' || typeof body.id === 'number') ? String(body.id) : null };
    },
  };
}

/**
 * Every SMS is written to the outbox table first; with a provider configured it is also sent and
 * the row records the result. Without one (the local default, in the demo and the tests) the outbox
 * is the delivery: `npm run portal -- sms-outbox` shows it.
 */
export function createSmsSender(
  db: Db,
  env: Pick<Env, 'SMS_PROVIDER_URL' | 'SMS_PROVIDER_TOKEN' | 'SMS_SENDER'>,
  transport: SmsTransport | null = env.SMS_PROVIDER_URL ? createHttpSmsTransport(env.SMS_PROVIDER_URL, env.SMS_PROVIDER_TOKEN) : null,
): SmsSender {
  return {
    async send(sms) {
      const [row] = await db.insert(smsOutbox).values({ to: sms.to, text: sms.text }).returning({ id: smsOutbox.id });
      if (!transport || !row) return;
      try {
        const result = await transport.send({ ...sms, from: env.SMS_SENDER });
        await db.update(smsOutbox).set({ sentAt: new Date(), providerId: result.id }).where(eq(smsOutbox.id, row.id));
      } catch (error) {
        await db.update(smsOutbox).set({ error: String(error) }).where(eq(smsOutbox.id, row.id));
        throw error;
      }
    },
  };
}
