import type { Endpoint, EndpointAnswer, FileEndpoint, JsonEndpoint } from '@tokenwise/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { parseInput } from './validate.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (absent on the gateway's provider-format routes). */
    endpoint?: Endpoint;
  }
}

type Part = 'params' | 'query' | 'body';
type Parsed<E, K extends Part> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : never;

/**
 * The endpoint's inputs, each parsed (a readable 400 on failure) when the handler asks for it, so
 * the handler decides the order of checks as before (who is calling first, then what was sent).
 */
export type EndpointInputs<E extends Endpoint> = {
  [K in Part as [Parsed<E, K>] extends [never] ? never : K]: () => Parsed<E, K>;
};

export interface RouteOptions {
  preHandler?: preHandlerAsyncHookHandler;
  onSend?: onSendHookHandler;
  bodyLimit?: number;
}

/** For answers that carry a credential (a session token, a temporary password): never cached. */
export const noStore: onSendHookHandler = (_req, reply, payload, done) => {
  reply.header('cache-control', 'no-store');
  done(null, payload);
};

type Handler<E extends Endpoint, Answer> = (
  req: FastifyRequest,
  reply: FastifyReply,
  input: EndpointInputs<E>,
) => Promise<Answer>;

function inputsOf<E extends Endpoint>(endpoint: E, req: FastifyRequest): EndpointInputs<E> {
  const read = (schema: z.ZodType | undefined, value: unknown) => () =>
    parseInput(schema as z.ZodType, value);
  return {
    ...(endpoint.params ? { params: read(endpoint.params, req.params) } : {}),
    ...(endpoint.query ? { query: read(endpoint.query, req.query) } : {}),
    ...(endpoint.body ? { body: read(endpoint.body, req.body) } : {}),
  } as EndpointInputs<E>;
}

/**
 * Registers a route from its contract: method, path, success status and input schemas come from
 * the endpoint, and the compiler holds the handler's answer to the endpoint's response schema.
 * (An inline literal answer such as `{ success: true }` needs `as const`: against a generic answer
 * type TypeScript would widen `true` to boolean.)
 */
export function serve<E extends JsonEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: Handler<E, EndpointAnswer<E>>,
): void {
  register(app, endpoint, options, (req, reply) => {
    if (endpoint.status) reply.code(endpoint.status);
    return handler(req, reply, inputsOf(endpoint, req));
  });
}

/** Registers a file-download route from its contract; the handler sends the file itself. */
export function serveFile<E extends FileEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: Handler<E, FastifyReply>,
): void {
  register(app, endpoint, options, (req, reply) => handler(req, reply, inputsOf(endpoint, req)));
}

function register(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: RouteOptions,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  // The endpoint rides in the route's config: the tests' contract check finds it there.
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    config: { endpoint },
    handler,
  });
}
