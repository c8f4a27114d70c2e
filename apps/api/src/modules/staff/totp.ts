import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@portal/contract';
import type { Secrets } from '../../lib/secrets.ts';

/**
 * The second factor of the staff console: TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every
 * authenticator app speaks) through otplib, secrets encrypted at rest, and single-use recovery codes.
 */

/** One step either side of now: a phone's clock a little off, or a code typed just as it turned over. */
const EPOCH_TOLERANCE_SECONDS = 30;

/**
 * The secret is stored AES-256-GCM encrypted with a server key (server_secrets 'totp'), so a copy of the
 * users table alone (a query result in a log, a partial export) does not give anyone the codes.
 * Format: 'v1.<iv>.<tag>.<ciphertext>' in base64url.
 */
export async function encryptTotpSecret(secrets: Secrets, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secrets.get('totp'), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export async function decryptTotpSecret(secrets: Secrets, stored: string): Promise<string | null> {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', await secrets.get('totp'), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address for the app and its QR code as an SVG document. */
export async function totpEnrolment(secret: string, issuer: string, label: string): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = generateURI({ issuer, label, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return { otpauthUrl, qrSvg };
}

/** The code's time step when it is valid now (±1 step), else null. */
export async function checkTotpCode(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Recovery codes: 10 characters of a-z and 2-9 without look-alikes (l, o, 0, 1), shown as 'abcde-fghij'. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed ('ABCDE FGHIJ', 'abcde-fghij') in the form it is hashed in. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Stored as an HMAC with a server key: 50 random bits are too few to leave to a plain hash. */
export async function hashRecoveryCode(secrets: Secrets, code: string): Promise<string> {
  return createHmac('sha256', await secrets.get('recovery-codes')).update(normalizeRecoveryCode(code)).digest('base64url');
}
