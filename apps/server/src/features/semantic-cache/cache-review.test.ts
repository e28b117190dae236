import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';

const model = 'openai/gpt-4o-mini';

describe('semantic cache management under hostile input', () => {
  const f = useGatewayFixture();
  const ask = async (content: string) => {
    const { data, response } = await f.openai.chat.completions
      .create({ model, messages: [{ role: 'user', content }] })
      .withResponse();
    return { text: data.choices[0]?.message.content ?? '', cache: response.headers.get('x-cache') };
  };
  const invalidate = (pattern: string) =>
    f.user.api('DELETE', `/v1/semantic-cache/invalidate/${encodeURIComponent(pattern)}`);
  const storedPrompts = async () => {
    await f.server.app.gateway.cache.settled();
    const rows = await f.server.deps.db.kysely
      .selectFrom('cache_entries')
      .select(['query_text', 'response'])
      .where('account_id', '=', f.user.accountId)
      .execute();
    return rows;
  };

  test('a glob of many stars over a long prompt answers at once, and the prompt goes upstream after', async () => {
    const long = `${'a'.repeat(400)}?`;
    await ask(long);
    assert.equal((await ask(long)).cache, 'HIT');
    const started = performance.now();
    const hostile = await invalidate(`${'*a'.repeat(60)}*z`);
    assert.equal(hostile.status, 200);
    assert.equal(hostile.body.removed, 0);
    assert.ok(performance.now() - started < 2_000, 'no catastrophic backtracking');
    const removed = await invalidate(`${'*a'.repeat(60)}*?`);
    assert.equal(removed.body.removed, 1);
    const calls = f.mock.callCount('openai');
    assert.equal((await ask(long)).cache, 'MISS');
    assert.equal(f.mock.callCount('openai'), calls + 1, 'sent upstream after the invalidation');
  });

  test('regex syntax and unicode are literal; nothing matched says so; too long is a 400', async () => {
    await ask('Was kostet ein Ticket nach München (a+)+$?');
    assert.equal((await invalidate('.*')).body.removed, 0);
    const none = await invalidate('nothing like this');
    assert.equal(none.status, 200);
    assert.equal(none.body.removed, 0);
    assert.match(none.body.message, /Removed 0 cached entries/);
    assert.equal((await invalidate('(a+)+$')).body.removed, 1);
    await ask('Wie spät ist es in München?');
    assert.equal((await invalidate('*MÜNCHEN*')).body.removed, 1);
    await ask('Is GET /v1/users?page=2#top 50% faster?');
    assert.equal((await invalidate('*/v1/users?page=2#top 50%*')).body.removed, 1);
    assert.equal((await invalidate('😀'.repeat(500))).status, 200, 'the longest pattern, encoded');
    // Sent as typed by a person, not encoded: a lone % is not a URL escape.
    const malformed = await f.user.api('DELETE', '/v1/semantic-cache/invalidate/50%');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error, 'bad_url');
    assert.match(malformed.body.message, /%/);
    const huge = await invalidate('x'.repeat(501));
    assert.equal(huge.status, 400);
    assert.match(JSON.stringify(huge.body), /500/);
  });

  test('warm-up stores placeholders, never the personal data it was sent', async () => {
    const warmed = await f.user.api('POST', '/v1/semantic-cache/warmup', {
      model,
      entries: [
        {
          prompt: 'Write a short thank-you note to carla@example.com',
          response: 'Dear carla@example.com, thank you for your order.',
        },
      ],
    });
    assert.equal(warmed.status, 200);
    const rows = await storedPrompts();
    assert.ok(
      rows.every((r) => !r.query_text.includes('carla@') && !r.response.includes('carla@')),
      'no raw email in the cache',
    );
    const listed = (await f.user.api('GET', '/v1/semantic-cache/entries')).body.entries;
    assert.ok(
      listed.every((e: { prompt_preview: string }) => !e.prompt_preview.includes('carla@')),
    );
    const hit = await ask('Write a short thank-you note to dario@example.org');
    assert.equal(hit.cache, 'HIT', 'a real request, redacted, finds the warmed entry');
    assert.match(hit.text, /dario@example\.org/);
    assert.doesNotMatch(hit.text, /carla@/);
  });

  test('preview redacts the prompt as a real request does, so it predicts the same hit', async () => {
    await ask('Send the invoice summary to erik@example.com please');
    const preview = (
      await f.user.api('POST', '/v1/semantic-cache/preview', {
        prompt: 'Send the invoice summary to fiona@example.net please',
        model,
      })
    ).body;
    const real = await ask('Send the invoice summary to fiona@example.net please');
    assert.equal(real.cache, 'HIT');
    assert.equal(preview.would_hit, true);
    assert.equal(preview.layer, 'exact');
    assert.equal(preview.similarity, 1);
  });

  test('warm-up of the same prompt twice keeps one entry, the later answer', async () => {
    await f.user.api('DELETE', '/v1/semantic-cache/invalidate');
    const pair = (response: string) => ({ prompt: 'What is our refund window?', response });
    const warmed = await f.user.api('POST', '/v1/semantic-cache/warmup', {
      model,
      entries: [pair('Thirty days.'), pair('Fourteen days.')],
    });
    assert.equal(warmed.status, 200);
    await f.server.app.gateway.cache.settled();
    const listed = (await f.user.api('GET', '/v1/semantic-cache/entries')).body;
    assert.equal(listed.total, 1);
    assert.equal((await f.user.api('GET', '/v1/semantic-cache/analytics')).body.total_entries, 1);
    assert.equal((await ask('What is our refund window?')).text, 'Fourteen days.');
    await f.openai.chat.completions.create(
      { model, messages: [{ role: 'user', content: 'What is our refund window?' }] },
      { headers: { 'x-tokenwise-cache': 'refresh' } },
    );
    await f.server.app.gateway.cache.settled();
    const refreshed = (await f.user.api('GET', '/v1/semantic-cache/entries')).body;
    assert.equal(refreshed.total, 1, 'a refresh replaces the row too');
    assert.notEqual(refreshed.entries[0].id, listed.entries[0].id);
  });

  test('hostile config values are refused with the field named, and the stored config is kept', async () => {
    const before = (await f.user.api('GET', '/v1/semantic-cache/config')).body;
    const base = { enabled: true, similarity_threshold: 0.95, ttl_seconds: 3600 };
    const hostile = [
      { ...base, similarity_threshold: 1.5 },
      { ...base, similarity_threshold: -1 },
      { ...base, similarity_threshold: 'NaN' },
      { ...base, similarity_threshold: null },
      { ...base, ttl_seconds: 0 },
      { ...base, ttl_seconds: -60 },
      { ...base, ttl_seconds: 1e12 },
      { ...base, ttl_seconds: 3600.5 },
      { ...base, enabled: 'false' },
      // A save of some fields (decision 225) checks those it sends.
      { similarity_threshold: 0.79 },
      { ttl_seconds: 59 },
    ];
    for (const body of hostile) {
      const res = await f.user.api('PUT', '/v1/semantic-cache/config', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, /similarity threshold|ttl|enabled/i);
    }
    assert.deepEqual((await f.user.api('GET', '/v1/semantic-cache/config')).body, before);
  });

  test('entries page within bounds; another account can neither clear, match nor preview them', async () => {
    await ask('What is the boiling point of water at sea level?');
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1']) {
      assert.equal((await f.user.api('GET', `/v1/semantic-cache/entries?${q}`)).status, 400, q);
    }
    const page = (await f.user.api('GET', '/v1/semantic-cache/entries?offset=999999')).body;
    assert.deepEqual(page.entries, []);
    assert.ok(page.total >= 1);

    const other = await signUpSubscribed(f.server);
    assert.equal((await other.api('DELETE', '/v1/semantic-cache/invalidate/*')).body.removed, 0);
    assert.equal((await other.api('DELETE', '/v1/semantic-cache/invalidate')).body.removed, 0);
    const seen = await other.api('POST', '/v1/semantic-cache/preview', {
      prompt: 'What is the boiling point of water at sea level?',
      model,
    });
    assert.equal(seen.body.would_hit, false);
    assert.equal(seen.body.match, null, 'not even the closest prompt of another account');
    assert.equal((await ask('What is the boiling point of water at sea level?')).cache, 'HIT');
  });

  test('with the cache off, preview says the prompt goes to the provider, as it does', async () => {
    const prompt = 'Which planet has the most moons?';
    await ask(prompt);
    const config = (await f.user.api('GET', '/v1/semantic-cache/config')).body;
    await f.user.api('PUT', '/v1/semantic-cache/config', { ...config, enabled: false });
    try {
      const preview = (await f.user.api('POST', '/v1/semantic-cache/preview', { prompt, model }))
        .body;
      assert.equal((await ask(prompt)).cache, 'MISS');
      assert.equal(preview.would_hit, false);
      assert.equal(preview.layer, null);
      assert.equal(preview.refused_by, 'disabled');
      assert.equal(preview.similarity, 1, 'the closest entry is still shown');
    } finally {
      await f.user.api('PUT', '/v1/semantic-cache/config', config);
    }
  });
});
