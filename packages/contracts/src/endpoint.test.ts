import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { IdParams } from './common.ts';
import { configEndpoints, type EndpointInput, endpointUrl, jsonEndpoint } from './endpoint.ts';
import { ENDPOINT_LIST, endpoints } from './endpoints/index.ts';

test('a URL fills in the path parameters, encoded, and appends only the query values set', () => {
  assert.equal(
    endpointUrl(endpoints.semanticCache.invalidatePattern, { params: { pattern: 'how to */x?' } }),
    '/v1/semantic-cache/invalidate/how%20to%20*%2Fx%3F',
  );
  assert.equal(
    endpointUrl(endpoints.analytics.overview, {
      query: { time_range: '7d', compare: false, limit: 25, cursor: undefined },
    }),
    '/v1/analytics?time_range=7d&compare=false&limit=25',
  );
  assert.equal(endpointUrl(endpoints.evals.list, {}), '/v1/evals');
});

test('every endpoint has its own method and path, and every path parameter a schema', () => {
  const seen = new Set<string>();
  for (const { name, endpoint } of ENDPOINT_LIST) {
    const key = `${endpoint.method} ${endpoint.path}`;
    assert.equal(seen.has(key), false, `${name}: ${key} is declared twice`);
    seen.add(key);
    const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
    const shape = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape) : [];
    assert.deepEqual(shape.sort(), names.sort(), `${name}: params schema matches ${endpoint.path}`);
  }
});

test('the compiler holds endpoint definitions and calls to their path and schemas', () => {
  // Checked by `npm run typecheck`: each line below must be a type error.
  // @ts-expect-error a path parameter without a params schema
  jsonEndpoint({ method: 'GET', path: '/v1/things/:id', response: z.object({}) });
  jsonEndpoint({
    method: 'GET',
    path: '/v1/things/:name',
    // @ts-expect-error the params schema names another parameter
    params: IdParams,
    response: z.object({}),
  });
  // @ts-expect-error a settings resource has no path parameters
  configEndpoints('/v1/things/:id', z.object({}));
  // @ts-expect-error a call to a path with a parameter must give it
  const noParams: EndpointInput<typeof endpoints.apiKeys.delete> = {};
  // @ts-expect-error a call with a body must send one
  const noBody: EndpointInput<typeof endpoints.apiKeys.create> = {};
  // @ts-expect-error and only fields its schema knows
  const wrongBody: EndpointInput<typeof endpoints.apiKeys.create> = { body: { title: 'x' } };
  assert.ok(noParams && noBody && wrongBody);
});
