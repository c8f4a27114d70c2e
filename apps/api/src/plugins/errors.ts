import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@portal/contract';
import { isDatabaseUnavailable } from '../db/health.ts';
import { HttpError, ServiceUnavailableError, TooManyRequestsError } from '../lib/errors.ts';
import { describeError } from '../lib/logging.ts';

/** Dutch answers for what goes wrong with the request itself, before (or instead of) any route. */
export const requestMessages = {
  badRequest: 'Het verzoek is niet goed opgebouwd.',
  badUrl: 'Het adres van dit verzoek is ongeldig.',
  urlTooLong: 'Het adres van dit verzoek is te lang.',
  headersTooLarge: 'De kopregels (headers) van dit verzoek zijn te groot.',
  timeout: 'Het verzoek duurde te lang. Probeer het opnieuw.',
} as const;

/** zod's own English texts become a Dutch generic one; our schemas carry the spec's Dutch texts. */
function dutchIssue(message: string | undefined): string {
  if (!message || /^(Invalid|Expected|Too (big|small)|Required|Unrecognized)/i.test(message)) return 'Deze waarde is ongeldig';
  return message;
}

/**
 * One error shape for every failure: `{ message, errors? }` with a Dutch message. Invalid input is a
 * 422 naming each field; an unavailable database or file storage a 503 with retry-after; anything
 * unexpected is a 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) reply.header('retry-after', error.retryAfterSeconds);
      if (error instanceof ServiceUnavailableError && error.cause) request.log.warn(`service unavailable: ${describeError(error.cause)}`);
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: dutchIssue(issue.message),
      }));
      return reply.status(422).send({ message: messages.invalidInput, errors });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is gone, starting or full: the client may retry, and the web keeps the user logged in (a 500 would not).
      request.log.warn(`database unavailable: ${describeError(error)}`); // one line per request, no stack: an outage can last
      return reply.status(503).header('retry-after', 5).send({ message: messages.serviceUnavailable });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: messages.serverError });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ message: messages.serverError });
    }
    const dutch: Record<number, string> = {
      400: requestMessages.badRequest,
      401: messages.unauthorized,
      403: messages.forbidden,
      404: messages.notFound,
      405: 'Deze methode is hier niet toegestaan.',
      413: 'Het bestand of verzoek is te groot.',
      415: 'Dit soort inhoud wordt niet ondersteund.',
      429: messages.tooManyAttempts,
    };
    return reply.status(status).send({ message: dutch[status] ?? messages.invalidInput });
  });
}

/**
 * Errors Fastify answers before any route runs, in the same Dutch error shape instead of Fastify's
 * English one: a path with an undecodable escape such as %ED%A0%80 or %C0%80 (400), and a path segment
 * longer than the router's parameter limit (a 5,000-character id: 414).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ message: requestMessages.urlTooLong });
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: status === 400 ? requestMessages.badUrl : messages.invalidInput });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/**
 * What Node's HTTP parser refuses before Fastify sees a request (Fastify's `clientErrorHandler`): the
 * same Dutch JSON as every other error, written straight to the socket, which is then closed. Headers
 * over Node's limit (16 kB, the request line included) are a 431; when the request line itself did not
 * fit, the address is what is too long: a 414.
 */
export function clientErrors(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message: string = requestMessages.badRequest;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = requestMessages.timeout;
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The packet the parser gave up on starts with a request line that alone exceeds the limit: the address overflowed.
    const packet: unknown = error.rawPacket; // a Buffer at run time (Fastify's type describes its JSON form)
    const lineEnd = Buffer.isBuffer(packet) ? packet.indexOf('\r\n') : -1;
    const addressTooLong = Buffer.isBuffer(packet) && /^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1')) && (lineEnd === -1 ? packet.length : lineEnd) > maxHeaderSize;
    status = addressTooLong ? 414 : 431;
    message = addressTooLong ? requestMessages.urlTooLong : requestMessages.headersTooLarge;
  }
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
