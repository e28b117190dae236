import type { FastifyInstance } from 'fastify';
import { RATE_LIMIT_HEADER_NAMES } from './upstream/rate-limit-headers.ts';

// The data plane's paths (`/v1/models/{model}` included): the dashboard's API stays same-origin.
const GATEWAY_PATH =
  /^\/v1\/(?:chat\/completions|completions|responses|messages(?:\/count_tokens)?|embeddings|models(?:\/[^?]*)?)(?:\?|$)/;

/** Whether a URL (its query too, or not) is one of the gateway's own endpoints. */
export function isGatewayPath(url: string): boolean {
  return GATEWAY_PATH.test(url);
}

// What the SDKs read from an answer beyond the CORS-safelisted headers, and the provider's
// rate-limit headers passed on (decision 230).
const EXPOSED = [
  'x-request-id',
  'request-id',
  'x-cache',
  'retry-after',
  'x-should-retry',
  'x-tokenwise-token-count',
  ...RATE_LIMIT_HEADER_NAMES,
].join(', ');

/**
 * The official SDKs run in a browser too (openai's dangerouslyAllowBrowser, Anthropic's
 * anthropic-dangerous-direct-browser-access), as OpenAI's and Anthropic's own APIs allow: a
 * preflight asking for their headers (x-stainless-*, anthropic-version, x-api-key) gets them, and
 * the gateway's answers may be read by any origin. The key travels in a header, never a cookie,
 * so another origin can do nothing with it that it could not do without a browser (decision 108).
 */
export function installGatewayCors(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    // The header first: server-side SDK calls send none, so the gateway's hot path skips the regex.
    if (req.headers.origin === undefined || !isGatewayPath(req.url)) return done();
    // Set on the raw answer: a streamed answer writes its head itself (openSse).
    reply.raw.setHeader('access-control-allow-origin', '*');
    reply.raw.setHeader('vary', 'origin');
    const asked = req.headers['access-control-request-method'];
    if (req.method !== 'OPTIONS' || asked === undefined) {
      reply.raw.setHeader('access-control-expose-headers', EXPOSED);
      return done();
    }
    const headers = req.headers['access-control-request-headers'];
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-max-age', '600');
    if (headers) reply.header('access-control-allow-headers', headers);
    reply.send();
  });
}
