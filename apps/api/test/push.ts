import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * A local push service for tests: a browser-side subscription (its own P-256 key pair and auth secret)
 * and an HTTP endpoint that receives what the portal sends, decrypting each message as the browser
 * would (aes128gcm, RFC 8188 + RFC 8291) with the subscription's private key.
 */
export type Subscriber = { endpoint: string; keys: { p256dh: string; auth: string }; decrypt(body: Buffer): string };
export type ReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer; payload: string | null; error: string | null };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts one aes128gcm message for the subscription (ua = the browser's key pair). */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const secret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** A new browser subscription at `endpoint`. */
export function makeSubscriber(endpoint: string): Subscriber {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const uaPrivate = ecdh.getPrivateKey();
  const auth = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body) => decryptAes128gcm(body, uaPrivate, uaPublic, auth),
  };
}

/**
 * The push endpoint: `/sub/<name>` answers 201 and is decrypted with that subscriber's keys;
 * `/gone/<name>` answers 410 and `/missing/<name>` 404 (an expired subscription).
 */
export async function startPushService(): Promise<{
  base: string; received: ReceivedPush[]; subscriber(kind: 'sub' | 'gone' | 'missing', name: string): Subscriber; close(): Promise<void>;
}> {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '';
      const sub = subscribers.get(path);
      let payload: string | null = null;
      let error: string | null = null;
      try {
        payload = sub ? sub.decrypt(body) : null;
      } catch (e) {
        error = String(e);
      }
      received.push({ path, headers: request.headers, body, payload, error });
      response.statusCode = path.startsWith('/gone/') ? 410 : path.startsWith('/missing/') ? 404 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    received,
    subscriber(kind, name) {
      const path = `/${kind}/${name}`;
      const s = makeSubscriber(`${base}${path}`);
      subscribers.set(path, s);
      return s;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
