import { describe, expect, it } from 'vitest';
import { isIos, pushSupport, vapidKeyBytes, type PushEnvironment } from './push';

const chrome: PushEnvironment = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  permission: 'default',
};
const iphone: PushEnvironment = {
  ...chrome,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  hasPushManager: false,
};

describe('pushSupport', () => {
  it('supports a browser with a service worker, PushManager and notifications', () => {
    expect(pushSupport(chrome)).toBe('supported');
  });
  it('asks iOS to put the portal on the home screen first, also when the API is there but the page is not standalone', () => {
    expect(pushSupport(iphone)).toBe('ios-not-installed');
    expect(pushSupport({ ...iphone, hasPushManager: true })).toBe('ios-not-installed');
    expect(pushSupport({ ...iphone, standalone: true, hasPushManager: true })).toBe('supported');
  });
  it('knows an iPad that calls itself a Mac by its touch screen', () => {
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
  });
  it('says unsupported without PushManager or Notification, and denied when blocked', () => {
    expect(pushSupport({ ...chrome, hasPushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...chrome, permission: null })).toBe('unsupported');
    expect(pushSupport({ ...chrome, hasServiceWorker: false })).toBe('unsupported');
    expect(pushSupport({ ...chrome, permission: 'denied' })).toBe('denied');
  });
});

describe('vapidKeyBytes', () => {
  it('decodes base64url without padding', () => {
    // bytes 0xfb 0xff 0xbf: '+/+/' in base64, '-_-_' in base64url
    expect([...vapidKeyBytes('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...vapidKeyBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...vapidKeyBytes('AQ')]).toEqual([1]);
  });
});
