import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../plugins/auth.ts';

/** Anthropic's SDK sends its key as `x-api-key`; a bearer token works too. */
export function anthropicCredential(req: FastifyRequest): string | undefined {
  return (req.headers['x-api-key'] as string | undefined) ?? bearerToken(req);
}
