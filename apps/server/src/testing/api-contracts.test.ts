import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ENDPOINT_LIST, fileEndpoint, jsonEndpoint } from '@tokenwise/contracts';
import Fastify from 'fastify';
import { z } from 'zod';
import { serve, serveFile } from '../lib/endpoint-route.ts';
import { installErrorHandler } from '../plugins/error-handler.ts';
import { ContractCheck } from './contract-check.ts';
import { useTestServer } from './use-test-server.ts';

/** Routes with no dashboard contract, and why. */
const EXEMPT: Record<string, string> = {
  'POST /v1/chat/completions': 'gateway: the OpenAI chat API, translated in gateway/wire',
  'POST /v1/completions': 'gateway: the OpenAI legacy completions API, translated in gateway/wire',
  'POST /v1/messages': 'gateway: the Anthropic messages API, translated in gateway/wire',
  'POST /v1/responses': 'gateway: the OpenAI Responses API, translated in gateway/wire',
  'POST /v1/messages/count_tokens': "gateway: Anthropic's token count, answered in its format",
  'POST /v1/embeddings': 'gateway: the OpenAI embeddings API',
  'GET /v1/models': 'gateway: the OpenAI model list',
  'GET /v1/models/:model': 'gateway: one model of the OpenAI model list',
  'GET /healthz': 'a load-balancer probe, not a dashboard call',
  'GET /readyz': 'a load-balancer probe, not a dashboard call',
  'POST /v1/billing/webhook':
    "Stripe's webhook, not a dashboard call: its body is Stripe's event, read raw for the signature",
  'GET /v1/saml/:accountId/metadata': 'SAML: service-provider metadata XML, read by the IdP',
  'GET /v1/saml/:accountId/login':
    'SAML: a browser redirect to the IdP with an AuthnRequest (or the JSON 429 of the per-address limit)',
  'POST /v1/saml/:accountId/acs':
    'SAML: the IdP form post (HTTP-POST binding), answered by a redirect',
  'GET /v1/saml/:accountId/sls': 'SAML: IdP logout request (HTTP-Redirect binding)',
  'POST /v1/saml/:accountId/sls': 'SAML: IdP logout request (HTTP-POST binding)',
};

/** Endpoints the spec lists and the web app calls, not served yet (the screen copes with a 404). */
const NOT_SERVED_YET: Record<string, string> = {};

describe('every server route has an endpoint contract', () => {
  // No web build: its static files would add routes of their own.
  const server = useTestServer({ env: { WEB_DIST_DIR: join(import.meta.dirname, 'no-web') } });

  // Fastify adds a HEAD route beside every GET on its own.
  const routes = () => server.contracts.routes.filter((r) => r.method !== 'HEAD');

  test('a route is registered from its contract, or exempt for a stated reason', () => {
    const uncontracted = routes()
      .filter((r) => !r.endpoint)
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !(route in EXEMPT));
    assert.deepEqual(uncontracted, [], 'declare these in packages/contracts/src/endpoints');
    for (const { method, url, endpoint } of routes()) {
      if (endpoint) assert.equal(`${method} ${url}`, `${endpoint.method} ${endpoint.path}`);
    }
    const served = new Set(routes().map((r) => `${r.method} ${r.url}`));
    for (const route of Object.keys(EXEMPT)) assert.ok(served.has(route), `${route} is exempt`);
  });

  test('every endpoint of the contract list is served, apart from those not built yet', () => {
    const served = new Set(routes().flatMap((r) => (r.endpoint ? [r.endpoint] : [])));
    const missing = ENDPOINT_LIST.filter(({ endpoint }) => !served.has(endpoint))
      .map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`)
      .filter((route) => !(route in NOT_SERVED_YET));
    assert.deepEqual(missing, []);
    for (const route of Object.keys(NOT_SERVED_YET)) {
      const servedNow = [...served].some((e) => `${e.method} ${e.path}` === route);
      assert.equal(servedNow, false, `${route} is served now: take it off NOT_SERVED_YET`);
    }
  });

  test('every served path asked with a method no route of it takes is a 405 naming its methods', async () => {
    // PATCH: no route takes it, so every path is asked with a method it lacks (decision 133).
    assert.equal(
      routes().some((r) => r.method === 'PATCH'),
      false,
    );
    for (const { method, url } of routes()) {
      const path = url.replaceAll(/:[A-Za-z]+/g, 'some-id');
      const res = await fetch(`${server.url}${path}`, { method: 'PATCH' });
      assert.equal(res.status, 405, `PATCH ${path}`);
      const allow = res.headers.get('allow')?.split(', ') ?? [];
      assert.ok(allow.includes(method), `PATCH ${path}: Allow ${allow.join(', ')} lacks ${method}`);
      const body = (await res.json()) as { error?: unknown };
      assert.ok(body.error, `PATCH ${path}: an error body`);
    }
  });
});

describe('the contract check catches answers that stray from their contract', () => {
  const Thing = z.object({ id: z.string(), count: z.number() });
  const get = jsonEndpoint({ method: 'GET', path: '/v1/things', response: Thing });
  const create = jsonEndpoint({ method: 'POST', path: '/v1/things', response: Thing, status: 201 });
  const download = fileEndpoint({ method: 'GET', path: '/v1/things/export', file: 'csv' });

  /** An app whose one route answers `answer` (typed loosely: the point is answers that stray). */
  async function appAnswering(answer: unknown, status?: number) {
    const check = new ContractCheck();
    const app = Fastify();
    check.install(app);
    installErrorHandler(app);
    serve(app, get, {}, async (_req, reply) => {
      if (status) reply.code(status);
      return answer as z.input<typeof Thing>;
    });
    serve(app, create, {}, async () => answer as z.input<typeof Thing>);
    serveFile(app, download, {}, async (_req, reply) => reply.type('text/plain').send('a,b'));
    await app.ready();
    return { app, check };
  }

  test('an answer within the contract passes and counts as checked', async () => {
    const { app, check } = await appAnswering({ id: 'a', count: 1 });
    assert.equal((await app.inject({ method: 'GET', url: '/v1/things' })).statusCode, 200);
    assert.equal((await app.inject({ method: 'POST', url: '/v1/things' })).statusCode, 201);
    assert.deepEqual(check.violations, []);
    assert.ok(check.answered.has(get) && check.answered.has(create));
  });

  for (const [name, answer, expected] of [
    ['a missing field', { id: 'a' }, /count/],
    ['a mistyped field', { id: 'a', count: '1' }, /count/],
    ['a field the contract does not declare', { id: 'a', count: 1, secret: 'x' }, /secret/],
    ['a number that is not finite (sent as null)', { id: 'a', count: Number.NaN }, /count/],
  ] as const) {
    test(`${name} is a violation`, async () => {
      const { app, check } = await appAnswering(answer);
      await app.inject({ method: 'GET', url: '/v1/things' });
      assert.equal(check.violations.length, 1);
      assert.match(check.violations[0] ?? '', expected);
      assert.equal(check.answered.has(get), false);
    });
  }

  test('another success status, an error that is not {error, message}, a wrong file type', async () => {
    const { app, check } = await appAnswering({ id: 'a', count: 1 }, 202);
    await app.inject({ method: 'GET', url: '/v1/things' });
    assert.match(check.violations[0] ?? '', /answered 202, its contract says 200/);

    const failing = await appAnswering({ detail: 'no' }, 418);
    await failing.app.inject({ method: 'GET', url: '/v1/things' });
    assert.match(failing.check.violations[0] ?? '', /error/);

    await app.inject({ method: 'GET', url: '/v1/things/export' });
    assert.match(check.violations[1] ?? '', /not a csv file/);
  });
});
