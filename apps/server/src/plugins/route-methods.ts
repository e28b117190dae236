import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

/** The methods a served path takes, sorted (`DELETE, GET, HEAD, PUT`); none for an unknown path. */
export type AllowedMethods = (path: string) => string[];

/**
 * Gathers every route as it is declared (so this is installed before any route) and, once the
 * server is ready, puts them in a router of their own: find-my-way, the router Fastify matches
 * with, given the same options, so a parametric path (`/v1/alerts/:id`) matches here exactly as it
 * does there. A method is allowed on a path when that method's routes match it.
 */
export function indexRouteMethods(
  app: FastifyInstance,
  routerOptions: { maxParamLength: number },
): AllowedMethods {
  const declared = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = declared.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    declared.set(route.url, methods);
  });
  const router = FindMyWay(routerOptions);
  const methods = new Set<string>();
  app.addHook('onReady', async () => {
    for (const [url, forUrl] of declared) {
      for (const method of forUrl) {
        router.on(method as FindMyWay.HTTPMethod, url, () => {});
        methods.add(method);
      }
    }
    declared.clear();
  });
  return (path) =>
    [...methods].filter((method) => router.find(method as FindMyWay.HTTPMethod, path)).sort();
}

/** What a 405 says, in either error shape. */
export const wrongMethodMessage = (method: string, path: string, allowed: string[]) =>
  `Method ${method} is not allowed on ${path}: it takes ${allowed.join(', ')}`;
