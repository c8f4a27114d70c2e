import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { TPushPayload } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { vapidKeys } from './notifications.table.ts';

export type VapidKeys = { publicKey: string; privateKey: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** 'gone': the push service no longer knows the subscription (404/410): it is removed. */
export type PushResult = 'sent' | 'gone';

/**
 * The VAPID key pair: made at first start and kept in the database, so every server process signs with
 * the same key and subscriptions survive a restart. Read once per process.
 */
export function createVapidKeys(db: Db) {
  let loaded: Promise<VapidKeys> | null = null;
  async function load(): Promise<VapidKeys> {
    const made = webpush.generateVAPIDKeys();
    await db.insert(vapidKeys).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing();
    const [row] = await db.select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey }).from(vapidKeys).where(eq(vapidKeys.id, 1));
    if (!row) throw new Error('VAPID keys missing');
    return row;
  }
  return {
    get(): Promise<VapidKeys> {
      if (!loaded) {
        loaded = load();
        loaded.catch(() => {
          loaded = null;
        });
      }
      return loaded;
    },
  };
}
export type VapidKeyStore = ReturnType<typeof createVapidKeys>;

/**
 * Sends one push message, encrypted for the subscription (aes128gcm, RFC 8291) and signed with VAPID
 * (RFC 8292). web-push makes the request; it is sent with fetch so that plain-http push services (a
 * local one in tests and the bench) work as well as the browsers' https ones. A 404 or 410 answers
 * 'gone'; any other failure throws (the job retries).
 */
export async function sendPush(target: PushTarget, payload: TPushPayload, options: { keys: VapidKeys; subject: string; urgent: boolean }): Promise<PushResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
      TTL: 24 * 3600,
      urgency: options.urgent ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : null,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return 'gone';
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
  return 'sent';
}
