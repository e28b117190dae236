import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { type GatewayFixture, startGatewayFixture } from '../gateway/tests/gateway-fixture.ts';
import { JSON_LIMITS } from '../lib/json-shape.ts';
import { OFF_THREAD_JSON_BYTES } from './json-body.ts';

/** `{"a":{"a":…}}` nested `levels` deep, as raw JSON text (JSON.stringify would overflow first). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
// The padding rides in `user`, which no stage reads with PII redaction off (with it on, a long
// `user` is replaced by its pseudonym, decision 155), so only the parsing is under test here.
const chatBody = (extra: string, padding = '') =>
  `{"model":"openai/gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"metadata":${extra},"user":"${padding}"}`;

describe('JSON bodies on every route', () => {
  let gw: GatewayFixture;
  before(async () => {
    gw = await startGatewayFixture();
    const off = await gw.user.api('PUT', '/v1/pii-redaction/config', {
      enabled: false,
      redact_emails: true,
      redact_phones: true,
      redact_ssn: true,
    });
    assert.equal(off.status, 200);
  });
  after(async () => gw.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${gw.server.url}${path}`, {
      method: path === '/v1/settings' ? 'PUT' : 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${path === '/v1/settings' ? gw.user.token : gw.gatewayKey}`,
        ...headers,
      },
      body,
    });

  test('5,000 levels of nesting get a 400 that says why, on the gateway and the dashboard API', async () => {
    const deep = nested(5_000);
    const chat = await post('/v1/chat/completions', chatBody(deep));
    assert.equal(chat.status, 400);
    const chatError = (await chat.json()) as { error: { message: string; type: string } };
    assert.equal(chatError.error.type, 'invalid_request_error');
    assert.match(chatError.error.message, /nests deeper than 128 levels/);

    const messages = await post(
      '/v1/messages',
      `{"model":"anthropic/claude-3-5-haiku","max_tokens":10,"messages":[],"metadata":${deep}}`,
    );
    assert.equal(messages.status, 400);
    const anthropicError = (await messages.json()) as { type: string; error: { message: string } };
    assert.equal(anthropicError.type, 'error');
    assert.match(anthropicError.error.message, /nests deeper than 128 levels/);

    const settings = await post('/v1/settings', `{"optimization_level":${deep}}`);
    assert.equal(settings.status, 400);
    assert.deepEqual(await settings.json(), {
      error: 'json_too_deep',
      message: 'Request body nests deeper than 128 levels',
    });
  });

  test('a large body is held to the same rules when a worker thread parses it', async () => {
    const padding = 'x'.repeat(OFF_THREAD_JSON_BYTES);
    const deep = await post('/v1/chat/completions', chatBody(nested(10_000), padding));
    assert.equal(deep.status, 400);
    assert.match(((await deep.json()) as { error: { message: string } }).error.message, /deeper/);

    const poisoned = await post(
      '/v1/chat/completions',
      chatBody('{"__proto__":{"admin":true}}', padding),
    );
    assert.equal(poisoned.status, 400);
    assert.match(
      ((await poisoned.json()) as { error: { message: string } }).error.message,
      /not valid JSON/,
    );

    const values = `[${'0,'.repeat(JSON_LIMITS.maxValues)}0]`;
    const many = await post('/v1/chat/completions', chatBody(values));
    assert.equal(many.status, 413);
    assert.match(
      ((await many.json()) as { error: { message: string } }).error.message,
      /more than 250,000 JSON values/,
    );
  });

  test('ordinary nesting and a large valid body still go through', async () => {
    const ok = await post('/v1/chat/completions', chatBody(nested(100), 'y'.repeat(300_000)));
    assert.equal(ok.status, 200, await ok.clone().text());
    const answer = (await ok.json()) as { choices: { message: { content: string } }[] };
    assert.equal(answer.choices[0]?.message.content, 'Echo: hi');
    const sent = gw.mock.calls.at(-1)?.body as { user: string; metadata: unknown };
    assert.equal(sent.user.length, 300_000);
    assert.equal(JSON.stringify(sent.metadata), nested(100));

    const settings = await post('/v1/settings', '{"optimization_level":"aggressive"}');
    assert.equal(settings.status, 200);
  });

  /** Sends `parts` one write each, with chunked encoding: the server sees no Content-Length. */
  function sendInParts(path: string, parts: (string | Buffer)[]) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${gw.server.url}${path}`,
        {
          method: path === '/v1/settings' ? 'PUT' : 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${path === '/v1/settings' ? gw.user.token : gw.gatewayKey}`,
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (const part of parts) req.write(part);
      req.end();
    });
  }

  test('a body sent in pieces without a Content-Length is read whole, on both sides of the worker limit', async () => {
    for (const padding of ['', 'é'.repeat(OFF_THREAD_JSON_BYTES)]) {
      // A prompt of its own, so no cache answers in the provider's place.
      const prompt = `in pieces ${padding.length}`;
      const bytes = Buffer.from(
        chatBody('{"k":"ü"}', padding).replace('"content":"hi"', `"content":"${prompt}"`),
      );
      // Cut inside multi-byte characters: the reader joins bytes, never decodes a piece alone.
      const cuts = [0, 101, 70_001, 300_001].filter((at) => at < bytes.length);
      const parts = cuts.map((at, i) => bytes.subarray(at, cuts[i + 1] ?? bytes.length));
      const res = await sendInParts('/v1/chat/completions', parts);
      assert.equal(res.status, 200, res.body.slice(0, 300));
      assert.match(res.body, new RegExp(`Echo: ${prompt}`));
      const sent = gw.mock.calls.at(-1)?.body as { user: string; metadata: unknown };
      assert.ok(sent.user === padding, `user field of ${sent.user.length} characters`);
      assert.deepEqual(sent.metadata, { k: 'ü' });
    }
  });

  test('a body over the route limit gets a 413, whether its length is announced or not', async () => {
    const tooLarge = await post('/v1/settings', `{"x":"${'z'.repeat(1024 * 1024)}"}`);
    assert.equal(tooLarge.status, 413);
    // Before: Fastify's code as the error ('FST_ERR_CTP_BODY_TOO_LARGE'), no limit named.
    assert.deepEqual(await tooLarge.json(), {
      error: 'request_too_large',
      message: 'Request body is too large: the limit is 1 MB',
    });
    // The gateway's limit, in each SDK's format.
    const huge = `{"x":"${'z'.repeat(20 * 1024 * 1024)}"}`;
    const chat = await post('/v1/chat/completions', huge);
    assert.equal(chat.status, 413);
    assert.deepEqual(await chat.json(), {
      error: {
        message: 'Request body is too large: the limit is 20 MB',
        type: 'invalid_request_error',
        param: null,
        code: 'request_too_large',
      },
    });
    const messages = await post('/v1/messages', huge);
    assert.equal(messages.status, 413);
    const anthropic = (await messages.json()) as { type: string; error: unknown };
    assert.equal(anthropic.type, 'error');
    assert.deepEqual(anthropic.error, {
      type: 'request_too_large',
      message: 'Request body is too large: the limit is 20 MB',
    });
    const chunk = 'z'.repeat(256 * 1024);
    const unannounced = await sendInParts('/v1/settings', [
      '{"x":"',
      chunk,
      chunk,
      chunk,
      chunk,
      chunk,
      '"}',
    ]);
    assert.equal(unannounced.status, 413);
    assert.match(unannounced.body, /Request body is too large/);
  });

  test('headers over the limit get a 431 in the caller format, not the Fastify body', async () => {
    // Before: '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP
    // header size","statusCode":431}' to every caller, the SDKs' included.
    const big = { 'x-padding': 'p'.repeat(20 * 1024) };
    const answer = async (path: string, headers: Record<string, string> = {}) => {
      const res = await post(path, '{}', { ...big, ...headers });
      assert.equal(res.status, 431, path);
      assert.ok(res.headers.get('x-request-id'), path);
      return res.json();
    };
    const limit = 'Request headers are too large: the limit is 16 KB in all';
    const chat = (await answer('/v1/chat/completions')) as { error: Record<string, unknown> };
    assert.match(String(chat.error.message), new RegExp(limit));
    assert.equal(chat.error.type, 'invalid_request_error');
    assert.equal(chat.error.code, 'request_headers_too_large');
    const messages = (await answer('/v1/messages')) as { type: string; error: { message: string } };
    assert.equal(messages.type, 'error');
    assert.match(messages.error.message, new RegExp(limit));
    const settings = (await answer('/v1/settings')) as { error: string; message: string };
    assert.equal(settings.error, 'request_headers_too_large');
    assert.match(settings.message, new RegExp(limit));
  });

  test('a dashboard call that takes no body is served when its empty body is labelled JSON', async () => {
    // Spec section 7 lists these calls with no payload; a client that sets Content-Type:
    // application/json on every call (as many fetch wrappers do) sent them an empty JSON body and
    // was answered 400 'Request body is empty' (decision 138).
    const dashboard = (method: string, path: string) =>
      fetch(`${gw.server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${gw.user.token}` },
      });
    const key = await gw.user.api('POST', '/v1/keys', { name: 'to delete' });
    const deleted = await dashboard('DELETE', `/v1/keys/${key.body.id}`);
    assert.equal(deleted.status, 200, await deleted.clone().text());
    assert.deepEqual(await deleted.json(), { success: true });
    const cleared = await dashboard('DELETE', '/v1/semantic-cache/invalidate');
    assert.equal(cleared.status, 200, await cleared.clone().text());
    const portal = await dashboard('POST', '/v1/billing/portal');
    assert.equal(portal.status, 200, await portal.clone().text());
    // A call that takes a body still says it is missing.
    const settings = await dashboard('PUT', '/v1/settings');
    assert.equal(settings.status, 400);
    assert.deepEqual(await settings.json(), {
      error: 'empty_body',
      message: 'Request body is empty',
    });
  });
});
