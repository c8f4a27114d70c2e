import dns from 'node:dns/promises';
import net from 'node:net';
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

/** Addresses no browser's push service has: loopback, private, link-local, shared (CGNAT), unique-local, multicast. */
const internal = new net.BlockList();
for (const [net4, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) internal.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) internal.addSubnet(net6, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is checked as the IPv4 address it is. */
function isInternal(address: string): boolean {
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped) {
    if (net.isIPv4(mapped)) return isInternal(mapped);
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
    if (hex) {
      const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
      return isInternal([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
    }
  }
  return internal.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/**
 * Whether the portal may send to this push endpoint: an https address whose host is, and resolves to, public
 * addresses only. A resident chooses the endpoint (the browser's subscription), so without this check the portal
 * could be made to post to its own network (SSRF). `allowLocal` (PUSH_ALLOW_LOCAL_ENDPOINTS, the tests' and the
 * bench's local push service) lets plain http and local hosts through. `resolve: false` checks the address as
 * written only (at subscribe time, without a DNS lookup).
 */
export async function pushEndpointAllowed(endpoint: string, options: { allowLocal: boolean; resolve: boolean }): Promise<boolean> {
  if (options.allowLocal) return true;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return false;
  if (net.isIP(host)) return !isInternal(host);
  if (!options.resolve) return true;
  // A fan-out sends thousands of messages to a few push services: each host is looked up once a minute, not per message.
  const known = resolved.get(host);
  if (known && Date.now() - known.at < RESOLVE_TTL_MS) return known.public;
  let isPublic: boolean;
  try {
    const addresses = await dns.lookup(host, { all: true, verbatim: true });
    isPublic = addresses.length > 0 && addresses.every((a) => !isInternal(a.address));
  } catch {
    return false; // not remembered: the next message asks again
  }
  if (resolved.size > 1_000) resolved.clear();
  resolved.set(host, { public: isPublic, at: Date.now() });
  return isPublic;
}

const RESOLVE_TTL_MS = 60_000;
const resolved = new Map<string, { public: boolean; at: number }>();

/**
 * Sends one push message, encrypted for the subscription (aes128gcm, RFC 8291) and signed with VAPID
 * (RFC 8292). web-push makes the request; it is sent with fetch so that plain-http push services (a
 * local one in tests and the bench) work as well as the browsers' https ones. A 404 or 410 answers
 * 'gone'; any other failure throws (the job retries).
 */
export async function sendPush(target: PushTarget, payload: TPushPayload, options: { keys: VapidKeys; subject: string; urgent: boolean; allowLocal?: boolean }): Promise<PushResult> {
  // An endpoint that is (or now resolves to) an address of our own network is never called: it is removed as gone.
  if (!(await pushEndpointAllowed(target.endpoint, { allowLocal: options.allowLocal ?? false, resolve: true }))) return 'gone';
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
