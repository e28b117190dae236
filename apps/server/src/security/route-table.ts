import type { RegisteredRoute } from '../testing/test-server.ts';

const PARAM = /:([A-Za-z0-9_]+)/g;

/** `POST /v1/keys`: how the suites name a route in their tables and messages. */
export function routeKey(route: RegisteredRoute): string {
  return `${route.method} ${route.url}`;
}

/** A Fastify url's path parameters (`:id`), with `*` for a wildcard. */
export function pathParams(url: string): string[] {
  const names = [...url.matchAll(PARAM)].map((m) => m[1] ?? '');
  return url.includes('*') ? [...names, '*'] : names;
}

/** The path segment a parameter points into: `/v1/keys/:id` → `keys`. */
export function resourceOf(url: string, param: string): string {
  const segments = url.split('/');
  const at = segments.indexOf(`:${param}`);
  return segments[at - 1] ?? '';
}

export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(PARAM, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Verbs that carry a JSON body. */
export function takesBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}
