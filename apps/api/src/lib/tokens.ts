import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token (256 bits, base64url). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256 hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
