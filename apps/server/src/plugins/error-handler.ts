import { isDatabaseUnavailable } from '@tokenwise/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, databaseUnavailable } from '../errors/app-error.ts';

// Fastify's own client errors, as the project's codes and reworded for a person reading them.
const FASTIFY_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'invalid_json',
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'empty_body', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'request_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Unsupported content type; send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_content_length',
    message: 'Content-Length does not match the body',
  },
};

/** Bytes as a person reads a limit: '1 MB', '20 MB', '16 KB'. */
export function sizeInWords(bytes: number): string {
  return bytes >= 2 ** 20 ? `${+(bytes / 2 ** 20).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * A Fastify client error (a body too large, not JSON…) in the project's words, or undefined for
 * any other error. Fastify's own answer was `{statusCode, code: 'FST_ERR_CTP_BODY_TOO_LARGE', …}`.
 */
export function fastifyClientError(
  error: { code?: string; statusCode?: number },
  bodyLimit: number | undefined,
): { code: string; message: string } | undefined {
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (!known) return undefined;
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE' || !bodyLimit) return known;
  return { code: known.code, message: `${known.message}: the limit is ${sizeInWords(bodyLimit)}` };
}

/**
 * What the router refuses before any handler runs (a % not followed by two hex digits, a path
 * parameter past `maxParamLength`), in the project's shape: Fastify's own answer was
 * `{error: 'Bad Request', code: 'FST_ERR_BAD_URL', …}` with the whole path echoed back.
 */
export function frameworkErrorAnswer(error: FastifyError): {
  status: number;
  body: { error: string; message: string };
} {
  if (error.code === 'FST_ERR_BAD_URL') {
    return {
      status: 400,
      body: {
        error: 'bad_url',
        message:
          'The address is not valid: a % in it must begin an escape such as %25 (encode values put in a path)',
      },
    };
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return {
      status: 414,
      body: { error: 'url_too_long', message: 'A value in the address is too long' },
    };
  }
  return { status: 400, body: { error: 'bad_request', message: error.message } };
}

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
      const known = fastifyClientError(error, req.routeOptions.bodyLimit);
      return reply
        .code(status)
        .send(
          known
            ? { error: known.code, message: known.message }
            : { error: error.code ?? 'bad_request', message: error.message },
        );
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
