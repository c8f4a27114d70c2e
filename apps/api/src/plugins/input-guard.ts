import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findInvalidInput, toValidText, textMessages, type TInvalidInput } from '@portal/contract';
import { BadRequestError } from '../lib/errors.ts';

function refusal(found: TInvalidInput, prefix: string | null): BadRequestError {
  if (found.reason === 'depth') return new BadRequestError(textMessages.tooDeep);
  const field = [...(prefix ? [prefix] : []), ...found.path].map((part) => toValidText(String(part))).join('.');
  return new BadRequestError(textMessages.invalidInput, [{ field, message: textMessages.invalidField }]);
}

/** Throws a 400 with a Dutch message when `value` holds U+0000, an unpaired surrogate or absurd nesting. */
export function assertValidInput(value: unknown, prefix: string | null = null): void {
  const found = findInvalidInput(value);
  if (found) throw refusal(found, prefix);
}

type MultipartPart = { fieldname?: unknown; filename?: unknown; value?: unknown };

/**
 * The text of a multipart form as far as it was read (field names, text values, file names), for
 * `assertValidInput`: a file part maps its field name to its file name.
 */
export function multipartText(part: MultipartPart & { fields?: Record<string, unknown> }): Record<string, unknown> {
  const text: Record<string, unknown> = {};
  const add = (p: MultipartPart) => {
    const name = String(p.fieldname ?? '');
    const value = typeof p.value === 'string' ? p.value : typeof p.filename === 'string' ? p.filename : '';
    text[name] = name in text ? [text[name], value].flat() : value;
  };
  for (const field of Object.values(part.fields ?? {})) for (const p of [field].flat()) if (p && typeof p === 'object' && p !== part) add(p as MultipartPart);
  add(part);
  return text;
}

/**
 * One rule for every endpoint, so that no route can forget it: text with U+0000 or an unpaired UTF-16
 * surrogate (see packages/contract/src/text.ts) is refused with a Dutch 400 before anything reads the
 * database. Headers (Host decides the customer), the path and the query are checked as the request
 * arrives (onRequest, before every other hook); the parsed body just before validation. Field names
 * are the request's own (`username`, `answers.0.answer`, `project_id`, `host`), as in a 422.
 *
 * Multipart uploads stream their fields in the handler; they call `assertValidInput` themselves.
 * Raw invalid UTF-8 never gets this far as such: Node decodes the body with U+FFFD for each bad
 * byte sequence, and a path with an undecodable escape (%ED%A0%80) is refused by the router (400).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    try {
      assertValidInput(request.headers);
      assertValidInput(request.params);
      assertValidInput(request.query);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertValidInput(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
