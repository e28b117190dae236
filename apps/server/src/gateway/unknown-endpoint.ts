import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '../domain/api-keys/api-key-prefix.ts';
import { wrongMethodMessage } from '../plugins/route-methods.ts';
import { isGatewayPath } from './cors.ts';
import { anthropicCredential } from './request/anthropic-credential.ts';
import { GatewayError } from './types.ts';
import { anthropicErrorBody } from './wire/anthropic-error.ts';
import { openAiErrorBody } from './wire/openai-format.ts';

const SERVED =
  'the gateway serves POST /v1/chat/completions, POST /v1/completions, POST /v1/responses, POST /v1/messages, POST /v1/messages/count_tokens, GET /v1/models, GET /v1/models/{model} and POST /v1/embeddings';

/**
 * A 404 for a `/v1` path no route serves, in the format of the SDK that asked, when the caller is
 * an SDK (a gateway key, or Anthropic's version header): `client.batches.create()` or
 * `client.responses.retrieve()` then fail with a message that says what is served, where the
 * dashboard's `{error, message}` showed as `404 "not_found"`. Dashboard callers get undefined.
 */
export function unknownEndpointAnswer(
  req: FastifyRequest,
  path: string,
): { status: number; body: unknown } | undefined {
  const anthropic = req.headers['anthropic-version'] !== undefined;
  const key = anthropicCredential(req);
  if (!anthropic && !key?.startsWith(API_KEY_PREFIX)) return undefined;
  const err = new GatewayError(
    404,
    `Unknown endpoint ${req.method} ${path}: ${SERVED}`,
    'invalid_request_error',
    'unknown_url',
  );
  return { status: 404, body: anthropic ? anthropicErrorBody(err) : openAiErrorBody(err) };
}

/**
 * A 405 for a gateway endpoint asked with a method it does not take (`GET /v1/chat/completions`),
 * in the error shape its SDKs read: Anthropic's when the caller sent its version header, OpenAI's
 * otherwise (OpenAI's API answers 405 too). Other paths get undefined: the dashboard's shape.
 */
export function wrongMethodAnswer(
  req: FastifyRequest,
  path: string,
  allowed: string[],
): { status: number; body: unknown } | undefined {
  if (!isGatewayPath(path)) return undefined;
  const err = new GatewayError(
    405,
    wrongMethodMessage(req.method, path, allowed),
    'invalid_request_error',
    'method_not_allowed',
  );
  const anthropic = req.headers['anthropic-version'] !== undefined;
  return { status: 405, body: anthropic ? anthropicErrorBody(err) : openAiErrorBody(err) };
}
