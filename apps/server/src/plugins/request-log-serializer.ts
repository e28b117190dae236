import type { FastifyRequest } from 'fastify';

// The reset link carries its token in the query; values of these parameters never reach a log.
const SECRET_QUERY_PARAM = /([?&](?:token|key|api_key|access_token)=)[^&#]*/gi;

export function redactSecretQuery(url: string): string {
  return url.replace(SECRET_QUERY_PARAM, '$1[redacted]');
}

/** Fastify's request log fields, with secrets in the query string redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactSecretQuery(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
