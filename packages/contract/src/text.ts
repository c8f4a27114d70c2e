/**
 * Text no one types: U+0000 (PostgreSQL refuses it in text and jsonb) and a UTF-16 surrogate without
 * its partner (not a character at all; written as UTF-8 it silently becomes U+FFFD). The server
 * refuses either anywhere in a request, once for every endpoint (apps/api/src/plugins/input-guard.ts);
 * forms may use the same rule (`ZText` in common.ts). Kept free of zod so that anything can call it.
 */

export const textMessages = {
  invalidInput: 'De invoer bevat ongeldige tekens.',
  invalidField: 'Dit veld bevat ongeldige tekens.',
  tooDeep: 'De invoer is te diep genest.',
  /** A body whose bytes are no valid UTF-8 (a broken encoding, not a character the portal refuses). */
  invalidEncoding: 'De invoer bevat tekens die niet goed zijn gecodeerd (geen geldige UTF-8).',
} as const;

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this rule is about
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds U+0000 or an unpaired surrogate. Emoji (a proper pair) and diacritics are fine. */
export function hasInvalidText(value: string): boolean {
  return INVALID_TEXT.test(value);
}

export function isValidText(value: string): boolean {
  return !INVALID_TEXT.test(value);
}

/** `value` with every invalid character replaced by U+FFFD, to name a field without echoing what was refused. */
export function toValidText(value: string): string {
  return value.replace(new RegExp(INVALID_TEXT.source, 'g'), '\uFFFD');
}

/** No request of the portal nests deeper than a handful of levels; far deeper input is refused. */
export const MAX_INPUT_DEPTH = 32;

export type TInvalidInput = { reason: 'text' | 'depth'; path: Array<string | number> };

/**
 * The first string (value or object key) in `value` with invalid text, or the first place nested
 * deeper than `maxDepth`; null when all is well. Iterative, so 100,000 levels cost no stack.
 */
export function findInvalidInput(value: unknown, maxDepth: number = MAX_INPUT_DEPTH): TInvalidInput | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasInvalidText(current)) return { reason: 'text', path };
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (path.length >= maxDepth) return { reason: 'depth', path };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (hasInvalidText(key)) return { reason: 'text', path: [...path, key] };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}
