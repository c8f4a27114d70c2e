import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createHttpSmsTransport, createSmsSender } from './sms.sender.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

type Received = { auth: string | undefined; body: { from: string; to: string; text: string } };

/** A stand-in for a provider's HTTP API: records each request, answers `status` with an id. */
async function provider(status: number) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => {
      received.push({ auth: request.headers.authorization, body: JSON.parse(data) });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: `msg-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const outbox = () => t.query<{ to: string; text: string; sent_at: Date | null; provider_id: string | null; error: string | null }>('SELECT "to", text, sent_at, provider_id, error FROM sms_outbox ORDER BY id');

describe('the SMS sender', () => {
  it('keeps every SMS in the outbox when no provider is configured (the local default)', async () => {
    const sms = createSmsSender(t.db, { SMS_PROVIDER_URL: undefined, SMS_PROVIDER_TOKEN: undefined, SMS_SENDER: 'Portaal' });
    await sms.send({ to: '0612345678', text: 'Hallo' });
    expect(await outbox()).toEqual([{ to: '0612345678', text: 'Hallo', sent_at: null, provider_id: null, error: null }]);
  });

  it('posts to the provider’s HTTP API with the token and records the result', async () => {
    await t.query('DELETE FROM sms_outbox');
    const api = await provider(200);
    try {
      const sms = createSmsSender(t.db, { SMS_PROVIDER_URL: api.url, SMS_PROVIDER_TOKEN: 'geheim', SMS_SENDER: 'Woonstad' });
      await sms.send({ to: '0687654321', text: 'Uw afspraak' });
      expect(api.received).toEqual([{ auth: 'Bearer geheim', body: { from: 'Woonstad', to: '0687654321', text: 'Uw afspraak' } }]);
      const [row] = await outbox();
      expect(row).toMatchObject({ to: '0687654321', provider_id: 'msg-1', error: null });
      expect(row!.sent_at).toBeInstanceOf(Date);
    } finally {
      await api.close();
    }
  });

  it('records a refusal and throws, so the caller can log it', async () => {
    await t.query('DELETE FROM sms_outbox');
    const api = await provider(503);
    try {
      const sms = createSmsSender(t.db, { SMS_PROVIDER_URL: api.url, SMS_PROVIDER_TOKEN: undefined, SMS_SENDER: 'Portaal' }, createHttpSmsTransport(api.url, undefined));
      await expect(sms.send({ to: '0611111111', text: 'x' })).rejects.toThrow('SMS provider answered 503');
      expect(api.received[0]!.auth).toBeUndefined();
      expect((await outbox())[0]).toMatchObject({ sent_at: null, error: 'Error: SMS provider answered 503' });
    } finally {
      await api.close();
    }
  });
});
