import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed, sendPush } from './notifications.push.ts';

const strict = { allowLocal: false, resolve: false };

describe('push endpoints: only a push service on the public internet (no requests into our own network)', () => {
  it('refuses plain http, local names and loopback, private, link-local and unique-local addresses', async () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc', 'https://localhost/push', 'https://api.localhost/push', 'https://metadata.internal/x',
      'https://127.0.0.1/push', 'https://10.1.2.3/push', 'https://172.20.0.5/push', 'https://192.168.1.1/push', 'https://169.254.169.254/latest',
      'https://100.64.0.1/push', 'https://0.0.0.0/push', 'https://[::1]/push', 'https://[fd00::1]/push', 'https://[fe80::1]/push', 'https://[::ffff:127.0.0.1]/push',
      'not a url',
    ]) {
      expect(await pushEndpointAllowed(endpoint, strict), endpoint).toBe(false);
    }
  });

  it('accepts the browsers\' push services, and local ones only when the tests allow them', async () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/x', 'https://web.push.apple.com/Q', 'https://8.8.8.8/push']) {
      expect(await pushEndpointAllowed(endpoint, strict), endpoint).toBe(true);
    }
    expect(await pushEndpointAllowed('http://127.0.0.1:4000/push', { allowLocal: true, resolve: true })).toBe(true);
  });

  it('never sends to a name that resolves to a local address: the subscription counts as gone', async () => {
    const keys = { publicKey: 'BPnJ8sQ5r3n5cYQh8W8Z8k5l5o8p0Yx2n8y3W0yQ5Yx0z8y3W0yQ5Yx0z8y3W0yQ5Yx0z8y3W0yQ5Yx0z8y3W0yQ5Y', privateKey: 'x' };
    const target = { endpoint: 'https://localhost.localdomain.invalid-for-tests.localhost/push', p256dh: 'k', auth: 'a' };
    const payload = { title: 't', body: 'b', url: '/dashboard', category: 'news' as const, tag: 'n' };
    expect(await sendPush(target, payload, { keys, subject: 'mailto:x@example.nl', urgent: false })).toBe('gone');
  });
});
