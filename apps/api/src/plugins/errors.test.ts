import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** Sends raw bytes to the server and resolves with everything it answers before closing. */
function rawRequest(base: string, request: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const answerOf = (raw: string) => ({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]), body: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown, head: raw.slice(0, raw.indexOf('\r\n\r\n')) });

describe('requests refused before any route: Dutch, and the right status', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: false, worker: false });
    base = await t.listen();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a 5,000-character path segment is a 414 saying the address is too long', async () => {
    for (const url of [`/api/public/news/${'1'.repeat(5000)}`, `/api/public/form/1/${'a'.repeat(5000)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 30)).toBe(414);
      expect(res.json()).toEqual({ message: 'Het adres van dit verzoek is te lang.' });
    }
  });

  it('headers over 16 kB are a 431 in Dutch JSON; an address over 16 kB a 414', async () => {
    const headers = answerOf(await rawRequest(base, `GET /api/public/customer/ HTTP/1.1\r\nHost: localhost\r\nX-Groot: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(headers.status).toBe(431);
    expect(headers.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(headers.body).toEqual({ message: 'De kopregels (headers) van dit verzoek zijn te groot.' });

    const address = answerOf(await rawRequest(base, `GET /api/public/news/${'1'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(address.status).toBe(414);
    expect(address.body).toEqual({ message: 'Het adres van dit verzoek is te lang.' });

    const garbage = answerOf(await rawRequest(base, 'NIETS\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ message: 'Het verzoek is niet goed opgebouwd.' });

    // The server carries on.
    expect((await fetch(`${base}/api/public/customer/`)).status).toBe(404); // no customer in this database: an answer all the same
  });
});
