import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque random token (256 bits, base64url). */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A public visitor's code, shared by the chat and surveys (24 bytes: 32 base64url characters); stored hashed like any token. */
export function newVisitorCode(): string {
  return newToken(24);
}

/** Tokens are stored only as their SHA-256 hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A code to print on a letter: `length` characters drawn uniformly from `alphabet` (one without look-alikes). */
export function newLetterCode(alphabet: string, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}
