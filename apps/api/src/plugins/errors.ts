import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@portal/contract';
import { isDatabaseUnavailable } from '../db/health.ts';
import { HttpError, ServiceUnavailableError, TooManyRequestsError } from '../lib/errors.ts';
import { describeError } from '../lib/logging.ts';

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
      400: 'Het verzoek is niet goed opgebouwd.',
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
 * Errors Fastify answers before any route runs (a path with an undecodable escape such as %ED%A0%80 or
 * %C0%80): the same Dutch error shape instead of Fastify's English one.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: status === 400 ? 'Het adres van dit verzoek is ongeldig.' : messages.invalidInput });
}
