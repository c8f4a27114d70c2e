/**
 * What this browser can do with web push, and the VAPID key in the form PushManager.subscribe takes.
 * Pure functions of what they are given, so that they are tested without a browser (push.test.ts).
 */

export type PushSupport =
  /** iOS or iPadOS in Safari, not opened from the home screen: push needs the portal installed first. */
  | 'ios-not-installed'
  | 'unsupported'
  /** The person blocked notifications for the portal in the browser. */
  | 'denied'
  | 'supported';

export type PushEnvironment = {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** display-mode: standalone, or iOS's navigator.standalone */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  /** Notification.permission, or null without the Notification API */
  permission: NotificationPermission | null;
};

export function isIos(env: Pick<PushEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  // iPadOS presents itself as a Mac; only its touch screen tells it apart.
  return /iPad|iPhone|iPod/.test(env.userAgent) || (env.platform === 'MacIntel' && env.maxTouchPoints > 1);
}

export function pushSupport(env: PushEnvironment): PushSupport {
  if (isIos(env) && !env.standalone) return 'ios-not-installed';
  if (!env.hasServiceWorker || !env.hasPushManager || env.permission === null) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return 'supported';
}

export function browserPushEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: window.matchMedia?.('(display-mode: standalone)').matches || nav.standalone === true,
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: 'PushManager' in window,
    permission: 'Notification' in window ? Notification.permission : null,
  };
}

/** A base64url VAPID key -> the bytes PushManager.subscribe takes as applicationServerKey. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
