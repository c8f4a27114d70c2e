import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../lib/secrets.ts';

/**
 * Signed download links: `/api/files/{id}/{filename}?token={session}.{expiry}.{signature}`.
 *
 * A session token never goes into a URL (browser history, proxy logs, Referer headers). A download that
 * cannot send the Authorization header (an <img>, a link the browser follows) carries a link token
 * instead: HMAC-SHA256, under the server secret `file-links`, of the file id, the id of the session it
 * was signed for and its expiry (unix seconds). So a link opens one file only, for minutes only, and on
 * behalf of one live session: the download still asks the file's module whether that session may read
 * it, marks a resident's read, and a logout ends the session's links at once. Checking the signature
 * needs no database read; the session id in it is a row number, not a credential.
 *
 * Expiries are rounded up to a step of half the lifetime, so every answer within one step carries the
 * same link and the browser's image cache keeps working; a link lives between `minutes` and 1.5 ×
 * `minutes`.
 */
export type FileLinkClaims = { fileId: number; sessionId: number; expiresAt: Date };

const SECRET = 'file-links';
const TOKEN = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createFileLinks(secrets: Secrets, options: { minutes: number }) {
  const lifetime = options.minutes * 60;
  const step = Math.max(1, Math.floor(lifetime / 2));

  const mac = (key: Buffer, fileId: number, sessionId: number, exp: number) =>
    createHmac('sha256', key).update(`file-link:v1:${fileId}:${sessionId}:${exp}`).digest();

  return {
    /** The expiry of a link signed now: at least `minutes` away, on a step boundary. */
    expiryFor(now = Date.now()): Date {
      return new Date(Math.ceil((now / 1000 + lifetime) / step) * step * 1000);
    },

    /** A link token for one file and session; `expiresAt` defaults to `expiryFor(now)`. */
    async sign(claims: { fileId: number; sessionId: number; expiresAt?: Date }): Promise<string> {
      const exp = Math.floor((claims.expiresAt ?? this.expiryFor()).getTime() / 1000);
      const key = await secrets.get(SECRET);
      return `${claims.sessionId}.${exp}.${mac(key, claims.fileId, claims.sessionId, exp).toString('base64url')}`;
    },

    /** A signer for many links at once (one answer): the key is read once, each file signed once. */
    async signer(sessionId: number, now = Date.now()): Promise<(fileId: number) => string> {
      const key = await secrets.get(SECRET);
      const exp = Math.floor(this.expiryFor(now).getTime() / 1000);
      const done = new Map<number, string>();
      return (fileId) => {
        let token = done.get(fileId);
        if (!token) {
          token = `${sessionId}.${exp}.${mac(key, fileId, sessionId, exp).toString('base64url')}`;
          done.set(fileId, token);
        }
        return token;
      };
    },

    /** The claims of a token that is well-formed, signed for this file and not expired; null otherwise. */
    async verify(token: string, fileId: number, now = Date.now()): Promise<FileLinkClaims | null> {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const sessionId = Number(match[1]);
      const exp = Number(match[2]);
      // compared as text: base64url leaves the last character's low bits unused, so another text can
      // decode to the same bytes; only the one text the portal made is accepted
      const given = Buffer.from(match[3]!);
      const expected = Buffer.from(mac(await secrets.get(SECRET), fileId, sessionId, exp).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (exp * 1000 <= now) return null;
      return { fileId, sessionId, expiresAt: new Date(exp * 1000) };
    },
  };
}
export type FileLinks = ReturnType<typeof createFileLinks>;

const FILE_LINK = /^\/api\/files\/(\d+)\/[^/?#]+(\?disposition=inline)?$/;

/**
 * A copy of an answer with every file link (a string that is exactly `/api/files/{id}/{filename}`, or that with `?disposition=inline`)
 * signed by `sign`; parts without links are shared, not copied, so cached objects are never changed.
 */
export function signLinksIn(value: unknown, sign: (fileId: number) => string): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith('/api/files/')) return value;
    const match = FILE_LINK.exec(value);
    return match ? `${value}${match[2] ? '&' : '?'}token=${sign(Number(match[1]))}` : value;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = signLinksIn(value[i], sign);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const next = signLinksIn(item, sign);
      if (next !== item) (copy ??= { ...value })[key] = next;
    }
    return copy ?? value;
  }
  return value;
}
