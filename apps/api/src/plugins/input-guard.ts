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

/** Throws on the first byte sequence that is not UTF-8; keeps a leading byte order mark out of the text. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

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
 * A JSON body whose bytes are no valid UTF-8 is refused as it is read (a Dutch 400): decoded leniently,
 * as Fastify's own parser does, each bad byte sequence would become U+FFFD and be stored as such. A path
 * with an undecodable escape (%ED%A0%80) is refused by the router (400).
 */
export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error'); // Fastify's own: secure-json-parse, __proto__ and constructor refused
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new BadRequestError(textMessages.invalidEncoding), undefined);
      return;
    }
    parseJson(request, text, done);
  });

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
