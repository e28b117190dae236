import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface EndpointShape {
  readonly method: HttpMethod;
  /** Fastify's form: `/v1/keys/:id`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Called before signing in: no bearer token, and a 401 is an answer, not an expired session. */
  readonly public?: true;
}

/** A call answered with JSON described by `response` (and, on failure, an `ErrorResponse`). */
export interface JsonEndpoint extends EndpointShape {
  readonly response: z.ZodType;
  /** The success status when it is not 200. */
  readonly status?: 201;
}

/** A call answered with a file download (`Content-Disposition: attachment`) of this format. */
export interface FileEndpoint extends EndpointShape {
  readonly file: 'csv' | 'json';
}

export type Endpoint = JsonEndpoint | FileEndpoint;

export function isFileEndpoint(endpoint: Endpoint): endpoint is FileEndpoint {
  return 'file' in endpoint;
}

/** `'/v1/a/:id/b/:name'` → `'id' | 'name'`. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with `:names` must bring a params schema whose output has exactly those string keys. */
type ParamsOf<P extends string> = [PathParamNames<P>] extends [never]
  ? { readonly params?: never }
  : { readonly params: z.ZodType<{ [K in PathParamNames<P>]: string }> };

/** Declares a JSON endpoint; the compiler checks that its params schema matches its path. */
export function jsonEndpoint<const E extends JsonEndpoint>(definition: E & ParamsOf<E['path']>): E {
  return definition;
}

/** Declares a file-download endpoint. */
export function fileEndpoint<const E extends FileEndpoint>(definition: E & ParamsOf<E['path']>): E {
  return definition;
}

/**
 * A settings resource (its path takes no params): GET answers it, PUT takes the whole of it (or
 * `body`, such as its fields made optional, when a field left out keeps its stored value) and
 * answers it as stored.
 */
export function configEndpoints<
  const P extends string,
  S extends z.ZodType,
  B extends z.ZodType = S,
>(path: [PathParamNames<P>] extends [never] ? P : never, schema: S, body?: B) {
  return {
    get: { method: 'GET', path, response: schema } as const satisfies JsonEndpoint,
    save: {
      method: 'PUT',
      path,
      body: (body ?? schema) as B,
      response: schema,
    } as const satisfies JsonEndpoint,
  };
}

type SchemaInput<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : never;

/** What places a call: path params when the path has any, and the query (optional as a whole). */
export type EndpointLocation<E extends Endpoint> = ([SchemaInput<E, 'params'>] extends [never]
  ? { params?: never }
  : { params: SchemaInput<E, 'params'> }) &
  ([SchemaInput<E, 'query'>] extends [never]
    ? { query?: never }
    : { query?: SchemaInput<E, 'query'> });

/** What a caller sends: the location, and a body when the endpoint takes one. */
export type EndpointInput<E extends Endpoint> = EndpointLocation<E> &
  ([SchemaInput<E, 'body'>] extends [never] ? { body?: never } : { body: SchemaInput<E, 'body'> });

/** A call's arguments after the endpoint: the input may be left out when the endpoint needs none. */
export type CallArgs<E extends Endpoint, Options> =
  Partial<EndpointInput<E>> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: Options]
    : [input: EndpointInput<E>, options?: Options];

/** The answer as a caller reads it. */
export type EndpointResponse<E extends JsonEndpoint> = z.output<E['response']>;
/** The answer as the server writes it (before JSON). */
export type EndpointAnswer<E extends JsonEndpoint> = z.input<E['response']>;

/**
 * The URL of a call: `:names` filled in (encoded) and the query's set values appended. Values
 * left undefined are not sent, so the server applies its defaults.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: EndpointLocation<E>): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = queryString((input.query ?? {}) as Record<string, unknown>);
  return search ? `${path}?${search}` : path;
}

/** `key=value&…` of the set values (numbers and booleans as text); undefined is left out. */
export function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}
