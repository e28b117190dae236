import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { resetTokenFrom } from '../testing/test-server.ts';
import { type ProbeAnswer, probe } from './probe.ts';
import { paramsOf } from './route-inputs.ts';
import { fillPath } from './route-table.ts';
import {
  type Canary,
  canaryHits,
  databaseRows,
  outboxEmails,
  type Place,
  spillFiles,
} from './secret-places.ts';
import { CHAT_MODEL, startTwoTenants, type TwoTenants } from './two-tenants.ts';

const canaryText = (what: string) => `canary-${what}-${randomBytes(8).toString('hex')}`;

/** A session token belongs only in the answer that hands it out. */
const sessionCanary = (name: string, value: string): Canary => ({
  name,
  value,
  belongsIn: (p) => p.kind === 'answer' && /\/v1\/auth\/(login|signup)$/.test(p.label),
});

describe('secret canaries: seeded secrets reach no answer, log line, row, export or spill file', () => {
  let t: TwoTenants;
  let now = Date.now();
  const logLines: string[] = [];
  const places: Place[] = [];
  const canaries: Canary[] = [];
  /** A's dashboard session once the sign-in flows below have run. */
  let session = '';

  const keep = (kind: string, label: string, answer: ProbeAnswer) => {
    places.push({ kind, label, text: answer.text });
    return answer;
  };
  const send = (
    kind: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) =>
    probe(t.server.url, method, path, headers, body).then((a) =>
      keep(kind, `${method} ${path.split('?')[0]}`, a),
    );
  const asA = () => ({ authorization: `Bearer ${session}` });
  const withKey = () => ({ authorization: `Bearer ${t.a.gatewayKey}` });
  const chat = (content: string, extra: Record<string, unknown> = {}) => ({
    model: CHAT_MODEL,
    messages: [{ role: 'user', content }],
    ...extra,
  });

  /** Everything searched: answers so far, log lines, every database row, outbox, spill files. */
  const everywhere = async (): Promise<Place[]> => [
    ...places,
    ...logLines.map((text, i) => ({ kind: 'server log line', label: `#${i}`, text })),
    ...(await databaseRows(t.server)),
    ...(await outboxEmails(t.server)),
  ];

  before(async () => {
    t = await startTwoTenants({
      clock: () => now,
      // trace: the most the server ever logs, request lines included.
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    session = t.a.token;
    for (const tenant of [t.a, t.b]) {
      for (const [provider, secret] of Object.entries(tenant.providerSecrets)) {
        canaries.push({ name: `${tenant.tag} ${provider} provider key`, value: secret });
      }
      canaries.push(
        { name: `${tenant.tag} password`, value: tenant.password },
        {
          name: `${tenant.tag} gateway key`,
          value: tenant.gatewayKey,
          // The key list shows full keys to the members who manage them (spec section 3).
          belongsIn: (p) => p.kind === 'answer' && /^(GET|POST) \/v1\/keys$/.test(p.label),
        },
        sessionCanary(`${tenant.tag} session token`, tenant.token),
      );
    }
  });
  after(() => t?.close());

  test('sign-in flows: passwords, reset tokens and sessions, right and wrong', async () => {
    const anon = {};
    const { email } = t.a;
    const wrong = canaryText('PASSWORD-wrong');
    canaries.push({ name: 'mistyped password', value: wrong });
    assert.equal(
      (await send('answer', 'POST', '/v1/auth/login', anon, { email, password: wrong })).status,
      401,
    );
    const badEmail = { email: 'not an email', password: wrong };
    assert.equal((await send('answer', 'POST', '/v1/auth/login', anon, badEmail)).status, 400);
    const taken = { email, password: canaryText('PASSWORD-signup') };
    canaries.push({ name: 'signup password for a taken email', value: taken.password });
    assert.equal((await send('answer', 'POST', '/v1/auth/signup', anon, taken)).status, 409);

    await send('answer', 'POST', '/v1/auth/forgot-password', anon, { email });
    const token = resetTokenFrom((await t.server.outbox()).at(-1) ?? '');
    const resetToken = {
      name: 'reset token',
      value: token,
      belongsIn: (p: Place) => p.kind === 'outbox email',
    };
    canaries.push(resetToken);
    // The link in the email is a page of the dashboard: the browser asks the server for it.
    await send('answer', 'GET', `/reset-password?token=${encodeURIComponent(token)}`, anon);
    const tooShort = { token, new_password: 'short' };
    assert.equal(
      (await send('answer', 'POST', '/v1/auth/reset-password', anon, tooShort)).status,
      400,
    );
    const reset = canaryText('PASSWORD-reset');
    canaries.push({ name: 'password set by reset', value: reset });
    const done = await send('answer', 'POST', '/v1/auth/reset-password', anon, {
      token,
      new_password: reset,
    });
    assert.equal(done.status, 200);
    const reused = await send('answer', 'POST', '/v1/auth/reset-password', anon, {
      token,
      new_password: reset,
    });
    assert.equal(reused.status, 400);

    const login = await send('answer', 'POST', '/v1/auth/login', anon, { email, password: reset });
    assert.equal(login.status, 200);
    session = JSON.parse(login.body).token;
    const changed = canaryText('PASSWORD-changed');
    canaries.push({ name: 'password set by change', value: changed });
    const wrongCurrent = { current_password: wrong, new_password: changed };
    assert.equal(
      (await send('answer', 'POST', '/v1/auth/change-password', asA(), wrongCurrent)).status,
      401,
    );
    const change = { current_password: reset, new_password: changed };
    assert.equal(
      (await send('answer', 'POST', '/v1/auth/change-password', asA(), change)).status,
      200,
    );
    canaries.push(sessionCanary('session from login', session));
    const forged = canaryText('SESSION-forged');
    canaries.push({ name: 'forged session token', value: forged });
    const refused = await send('answer', 'GET', '/v1/auth/me', {
      authorization: `Bearer ${forged}`,
    });
    assert.equal(refused.status, 401);
  });

  test('gateway traffic, answers and failures, through every provider', async () => {
    const models = {
      openai: 'openai/gpt-4o-mini',
      anthropic: 'claude-3-5-haiku-latest',
      gemini: 'gemini-2.0-flash',
      mistral: 'mistral-small-latest',
      groq: 'groq/llama-3.1-8b-instant',
    };
    for (const [provider, model] of Object.entries(models)) {
      const ok = await send('answer', 'POST', '/v1/chat/completions', withKey(), {
        model,
        messages: [{ role: 'user', content: `Hello ${provider}, one fact please` }],
      });
      assert.equal(ok.status, 200, ok.body);
    }
    const streamed = chat('Stream me a short poem', {
      stream: true,
      stream_options: { include_usage: true },
    });
    assert.equal(
      (await send('answer', 'POST', '/v1/chat/completions', withKey(), streamed)).status,
      200,
    );
    await send('answer', 'POST', '/v1/chat/completions', withKey(), chat('Stream me a short poem'));
    const anthropicHeaders = { 'x-api-key': t.a.gatewayKey };
    const messages = {
      model: CHAT_MODEL,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hi there' }],
    };
    assert.equal(
      (await send('answer', 'POST', '/v1/messages', anthropicHeaders, messages)).status,
      200,
    );
    await send('answer', 'POST', '/v1/messages', anthropicHeaders, { ...messages, stream: true });
    const embed = { model: 'openai/text-embedding-3-small', input: 'embed me' };
    assert.equal((await send('answer', 'POST', '/v1/embeddings', withKey(), embed)).status, 200);
    assert.equal((await send('answer', 'GET', '/v1/models', withKey())).status, 200);

    // Failures: upstream down and rate limited (every retry too), a stream cut mid-way, bad input.
    for (let i = 0; i < 3; i++) t.mock.enqueue({ status: 500 }, 'openai');
    assert.ok(
      (await send('answer', 'POST', '/v1/chat/completions', withKey(), chat('Fail 500'))).status >=
        500,
    );
    for (let i = 0; i < 3; i++) t.mock.enqueue({ status: 429, retryAfterSeconds: 0 }, 'openai');
    assert.equal(
      (await send('answer', 'POST', '/v1/chat/completions', withKey(), chat('Fail 429'))).status,
      429,
    );
    t.mock.enqueue({ cutStreamAfterChunks: 2, reply: 'one two three four five six' }, 'openai');
    await send(
      'answer',
      'POST',
      '/v1/chat/completions',
      withKey(),
      chat('Cut me', { stream: true }),
    );
    const noMaxTokens = {
      model: 'claude-3-5-haiku-latest',
      messages: [{ role: 'user', content: 'x' }],
    };
    await send('answer', 'POST', '/v1/messages', anthropicHeaders, noMaxTokens);
    // A name of no provider is refused here; an unpriced one of a known provider is sent on, and
    // the provider's own 404 comes back (decision 146).
    const unknownModel = chat('x', { model: 'llama-9' });
    assert.equal(
      (await send('answer', 'POST', '/v1/chat/completions', withKey(), unknownModel)).status,
      404,
    );
    t.mock.enqueue({ status: 404, errorMessage: 'The model `gpt-9` does not exist' }, 'openai');
    const unpricedModel = chat('x', { model: 'openai/gpt-9' });
    assert.equal(
      (await send('answer', 'POST', '/v1/chat/completions', withKey(), unpricedModel)).status,
      404,
    );
    assert.equal(
      (await send('answer', 'POST', '/v1/chat/completions', withKey(), '{"model":')).status,
      400,
    );
    assert.equal((await send('answer', 'POST', '/v1/chat/completions', {}, chat('x'))).status, 401);
    // A caller who pastes a provider key, or a made-up key, where the gateway key goes.
    const forgedKey = `tw_${canaryText('GATEWAYKEY-forged')}`;
    canaries.push({ name: 'forged gateway key', value: forgedKey });
    for (const wrongKey of [forgedKey, t.a.providerSecrets.openai]) {
      const refused = await send(
        'answer',
        'POST',
        '/v1/chat/completions',
        { authorization: `Bearer ${wrongKey}` },
        chat('x'),
      );
      assert.equal(refused.status, 401);
      await send('answer', 'POST', '/v1/messages', { 'x-api-key': wrongKey }, messages);
      await send(
        'answer',
        'POST',
        '/v1/evals/feedback',
        { authorization: `Bearer ${wrongKey}` },
        { request_id: t.a.requestId, feedback: 'positive' },
      );
    }
    const sentKeys = t.mock.calls.map((c) => JSON.stringify(c.headers) + c.path).join('\n');
    for (const provider of Object.keys(models) as (keyof typeof models)[]) {
      assert.ok(sentKeys.includes(t.a.providerSecrets[provider]), `${provider} got A's own key`);
    }
  });

  test('dashboard reads: every GET route of the route table, and the exports', async () => {
    await t.settle();
    let reads = 0;
    for (const route of t.server.routes) {
      if (route.method !== 'GET') continue;
      const path = fillPath(route.url, paramsOf(route.url, t.a));
      const kind = path.includes('/export/') ? 'export' : 'answer';
      const answer = await send(kind, 'GET', path, asA());
      if (answer.status === 200) reads++;
    }
    for (const range of ['24h', '7d', '30d']) {
      await send('export', 'GET', `/v1/analytics/export/csv?time_range=${range}`, asA());
      await send(
        'export',
        'GET',
        `/v1/analytics/export/json?time_range=${range}&status=error`,
        asA(),
      );
    }
    await send('export', 'GET', '/v1/savings/export/csv?range=7d', asA());
    assert.ok(reads >= 25, `GET routes read: ${reads}`);
    assert.ok(
      places.some((p) => p.kind === 'export' && p.text.includes('Fail 500')),
      'exports hold the requests, failures too',
    );
  });

  test('request-log rows spilled to disk while the database refuses them', async () => {
    const kysely = t.server.deps.db.kysely;
    await t.settle();
    await sql`ALTER TABLE request_logs RENAME TO request_logs_away`.execute(kysely);
    try {
      await send('answer', 'POST', '/v1/chat/completions', withKey(), chat('Spill me'));
      t.mock.enqueue({ status: 400, errorMessage: 'Spilled failure' }, 'openai');
      await send('answer', 'POST', '/v1/chat/completions', withKey(), chat('Spill my failure'));
      await t.server.app.gateway.logs.flush();
      const spilled = spillFiles(t.server);
      assert.ok(
        spilled.some((p) => p.text.includes('Spill me')),
        'the rows are on disk',
      );
      places.push(...spilled);
    } finally {
      await sql`ALTER TABLE request_logs_away RENAME TO request_logs`.execute(kysely);
    }
    now += 10_000;
    await t.server.app.gateway.logs.flush();
    assert.deepEqual(spillFiles(t.server), [], 'replayed once the database is back');
  });

  test('no canary is found anywhere', async (ctx) => {
    const all = await everywhere();
    const kinds = new Map<string, number>();
    for (const p of all) {
      const kind = p.kind.startsWith('table ') ? 'other table row' : p.kind;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    ctx.diagnostic(
      `${canaries.length} canaries × ${all.length} places (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')})`,
    );
    // The search can see: secrets that belong somewhere are found there.
    assert.ok(
      all.some(
        (p) =>
          p.kind === 'outbox email' &&
          p.text.includes(canaries.find((c) => c.name === 'reset token')?.value ?? '\0'),
      ),
    );
    assert.ok(
      all.some((p) => p.kind === 'answer' && p.text.includes(t.a.gatewayKey)),
      'the key list shows the key',
    );
    assert.ok(
      logLines.some((l) => l.includes('/reset-password?token=[redacted]')),
      'the reset page request was logged, its token redacted',
    );
    assert.deepEqual(canaryHits(all, canaries), []);
  });
  test("a provider that echoes the caller's key in its error: the key reaches no one", async () => {
    const echoes = [
      { provider: 'openai', path: '/v1/chat/completions', model: CHAT_MODEL },
      { provider: 'anthropic', path: '/v1/messages', model: 'claude-3-5-haiku-latest' },
    ] as const;
    const callAll = async (label: string) => {
      for (const { provider, path, model } of echoes) {
        const key = t.a.providerSecrets[provider];
        for (const stream of [false, true]) {
          // OpenAI's own wording: "Incorrect API key provided: sk-...".
          t.mock.enqueue(
            { status: 401, errorMessage: `Incorrect API key provided: ${key}` },
            provider,
          );
          const calls = t.mock.callCount(provider);
          const body = {
            model,
            max_tokens: 64,
            stream,
            messages: [{ role: 'user', content: `${label} ${stream}` }],
          };
          const answer = await send('answer', 'POST', path, withKey(), body);
          assert.ok(answer.status >= 400, `${provider} refusal reaches the caller as an error`);
          assert.equal(t.mock.callCount(provider), calls + 1, 'one call, the echo consumed');
        }
      }
    };
    await callAll('Echo my key');
    const kysely = t.server.deps.db.kysely;
    await t.settle();
    await sql`ALTER TABLE request_logs RENAME TO request_logs_away`.execute(kysely);
    try {
      await callAll('Echo my key while spilling');
      await t.server.app.gateway.logs.flush();
      places.push(...spillFiles(t.server));
    } finally {
      await sql`ALTER TABLE request_logs_away RENAME TO request_logs`.execute(kysely);
    }
    now += 10_000;
    await t.settle();
    await send('export', 'GET', '/v1/analytics/export/csv?time_range=24h', asA());
    await send('export', 'GET', '/v1/analytics/export/json?time_range=24h&status=error', asA());
    await send('answer', 'GET', '/v1/analytics?time_range=24h&status=error', asA());
    assert.deepEqual(canaryHits(await everywhere(), canaries), []);
  });
});
