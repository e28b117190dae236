import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { useTestServer } from '../testing/use-test-server.ts';

describe('a path the server serves, asked with a method it does not take', () => {
  const server = useTestServer({ env: { WEB_DIST_DIR: join(import.meta.dirname, 'no-web') } });
  const call = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method, headers });

  test('a gateway path answers 405 in OpenAI’s shape, naming the methods it takes', async () => {
    const openai = new OpenAI({ apiKey: 'tw-any', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const err = await openai.get('/chat/completions').catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.APIError, String(err));
    assert.equal(err.status, 405);
    assert.equal(err.headers?.get('allow'), 'POST');
    assert.equal(err.code, 'method_not_allowed');
    assert.equal(err.type, 'invalid_request_error');
    assert.match(
      err.message,
      /Method GET is not allowed on \/v1\/chat\/completions: it takes POST/,
    );

    const models = await call('POST', '/v1/models');
    assert.equal(models.status, 405);
    assert.equal(models.headers.get('allow'), 'GET, HEAD');
    const body = (await models.json()) as { error?: { code?: string } };
    assert.equal(body.error?.code, 'method_not_allowed');

    const messages = await call('DELETE', '/v1/messages', { 'anthropic-version': '2023-06-01' });
    assert.equal(messages.status, 405);
    assert.equal(messages.headers.get('allow'), 'POST');
    // An Anthropic SDK reads its own error shape, as it does for an unknown endpoint.
    const anthropic = (await messages.json()) as { type?: string; error?: { type?: string } };
    assert.equal(anthropic.type, 'error');
    assert.equal(anthropic.error?.type, 'invalid_request_error');
  });

  test('a dashboard path answers 405 in the dashboard’s shape, parametric paths too', async () => {
    const list = await call('DELETE', '/v1/alerts');
    assert.equal(list.status, 405);
    assert.equal(list.headers.get('allow'), 'GET, HEAD, POST');
    assert.deepEqual(await list.json(), {
      error: 'method_not_allowed',
      message: 'Method DELETE is not allowed on /v1/alerts: it takes GET, HEAD, POST',
    });
    const one = await call('PATCH', '/v1/alerts/0192a6a4-0000-7000-8000-000000000000');
    assert.equal(one.status, 405);
    assert.equal(one.headers.get('allow'), 'DELETE, GET, HEAD, PUT');
    const test = await call('GET', '/v1/alerts/some-id/test');
    assert.equal(test.status, 405);
    assert.equal(test.headers.get('allow'), 'POST');
  });

  test('unknown paths stay 404, and reading a page path is still the dashboard’s', async () => {
    const unknown = await call('POST', '/v1/no-such-thing');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get('allow'), null);
    assert.deepEqual(await unknown.json(), {
      error: 'not_found',
      message: 'Route POST /v1/no-such-thing not found',
    });
    const deeper = await call('DELETE', '/v1/alerts/some-id/test/more');
    assert.equal(deeper.status, 404);
    // Without a build the dashboard's deep links answer 503 saying so, as before: never a 405.
    const page = await call('GET', '/requests/abc');
    assert.equal(page.status, 503);
  });
});
