import { messages } from '@portal/contract';

export type FieldError = { field: string; message: string };

/** Errors a service throws on purpose; the error handler turns each into its status and Dutch message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}
export class BadRequestError extends HttpError {
  constructor(message: string = messages.invalidInput, errors?: FieldError[]) { super(400, message, errors); }
}
export class UnauthorizedError extends HttpError {
  constructor(message: string = messages.unauthorized) { super(401, message); }
}
export class ForbiddenError extends HttpError {
  constructor(message: string = messages.forbidden) { super(403, message); }
}
export class NotFoundError extends HttpError {
  constructor(message: string = messages.notFound) { super(404, message); }
}
export class ConflictError extends HttpError {
  constructor(message: string, errors?: FieldError[]) { super(409, message, errors); }
}
export class UnprocessableError extends HttpError {
  constructor(message: string = messages.invalidInput, errors?: FieldError[]) { super(422, message, errors); }
}
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) { super(429, messages.tooManyAttempts); }
}
/** The server cannot serve this now (its database or file storage is unavailable); the client may retry. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string = messages.serviceUnavailable, readonly retryAfterSeconds = 5, options?: { cause?: unknown }) {
    super(503, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
