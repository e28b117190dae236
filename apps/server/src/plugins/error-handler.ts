import { isDatabaseUnavailable } from '@tokenwise/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, databaseUnavailable } from '../errors/app-error.ts';

// Fastify's own client errors, reworded for a person reading them on a screen.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/** What a 503 tells the caller to wait before trying again. */
export const RETRY_AFTER_SECONDS = '1';

/** The one place an error becomes an answer: AppError as is, client errors reworded, 5xx hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((cause: FastifyError | AppError, req, reply) => {
    const error = asUnavailable(cause, req.log) ?? cause;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.statusCode === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
      return reply.code(error.statusCode).send({ error: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message;
      return reply.code(status).send({ error: error.code ?? 'bad_request', message });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: 'internal_error', message: 'Something went wrong. Please try again.' });
  });
}

/**
 * A database that is down, restarting or locked is the server's trouble, but a passing one: the
 * caller gets a 503 it can retry (SDKs do so on their own), never a bare 500.
 */
export function asUnavailable(
  error: unknown,
  log: { warn: (obj: object, msg: string) => void },
): AppError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  log.warn({ err: error }, 'database unavailable');
  return databaseUnavailable();
}
