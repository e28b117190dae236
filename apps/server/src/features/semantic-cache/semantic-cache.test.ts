import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { costOf, countChat, countTokens, resolveModel } from '@tokenwise/pricing';
import { ResponseCache } from '../../gateway/cache/response-cache.ts';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';
import { TEST_TIME_HEADER } from '../../gateway/wire/test-clock.ts';
import { signUpSubscribed } from '../../testing/test-server.ts';

const model = 'openai/gpt-4o-mini';

describe('semantic cache through the openai SDK', () => {
  const f = useGatewayFixture({}, () => now);
  let now = Date.now();
  const ask = async (content: string, headers: Record<string, string> = {}) => {
    const { data, response } = await f.openai.chat.completions
      .create({ model, messages: [{ role: 'user', content }] }, { headers })
      .withResponse();
    return {
      text: data.choices[0]?.message.content ?? '',
      cache: response.headers.get('x-cache'),
      id: response.headers.get('x-request-id'),
    };
  };
  const upstreamCalls = () => f.mock.callCount('openai');

  test('a repeated question is answered from the cache without calling the provider', async () => {
    const first = await ask('How many moons does Mars have?');
    const calls = upstreamCalls();
    const second = await ask('How many moons does Mars have?');
    assert.equal(first.cache, 'MISS');
    assert.equal(second.cache, 'HIT');
    assert.equal(upstreamCalls(), calls, 'the provider was not called');
    assert.equal(second.text, first.text);
    const row = (await f.logs()).find((r) => r.id === second.id);
    assert.equal(row?.cache_hit, 1);
    assert.equal(row?.actual_cost, 0);
    assert.ok((row?.tokens_saved ?? 0) > 0 && (row?.cost_saved ?? 0) > 0);
    const details = JSON.parse(row?.details ?? '{}');
    assert.ok(details.cache_entry_id);
    assert.equal(details.cache_similarity, 1);
    const stats = (await f.user.api('GET', '/v1/semantic-cache/stats')).body;
    assert.equal(stats.total_hits, 1);
    assert.equal(stats.total_misses, 1);
    assert.equal(stats.hit_rate, 50);
  });

  test('a paraphrase hits; a negation does not', async () => {
    await ask('How do I turn on dark mode in the settings app?');
    const calls = upstreamCalls();
    const paraphrase = await ask('how do i turn on dark mode in the settings app');
    assert.equal(paraphrase.cache, 'HIT');
    const negation = await ask('How do I turn off dark mode in the settings app?');
    assert.equal(negation.cache, 'MISS');
    assert.equal(upstreamCalls(), calls + 1);
  });

  test('around the same pasted email, another tone is another question (decision 139)', async () => {
    // The worst case the hostile long-prompt set found: "formal" read as what the email is, so
    // the opposite instruction was served the cached answer (similarity 0.999).
    const email =
      'Hi Ingrid, thank you for your patience this week. The export fix is being tested now and ' +
      'we plan to release it on 3 December. Until then an engineer watches your export each ' +
      'night and starts it by hand if it has not started by 03:00. Kind regards, Marta';
    const formal = await ask(`Make this email formal.\n\n${email}`);
    assert.equal(formal.cache, 'MISS');
    const calls = upstreamCalls();
    const casual = await ask(`Make this email casual.\n\n${email}`);
    assert.equal(casual.cache, 'MISS', 'the formal rewrite is not served for a casual one');
    assert.equal(upstreamCalls(), calls + 1);
    const again = await ask(`Please make this email formal.\n\n${email}`);
    assert.equal(again.cache, 'HIT', 'the same request in other words still hits');
  });

  test('preview explains the decision, including the guard that refused', async () => {
    const hit = (
      await f.user.api('POST', '/v1/semantic-cache/preview', {
        prompt: 'How many moons does Mars have?',
        model,
      })
    ).body;
    assert.equal(hit.would_hit, true);
    assert.equal(hit.similarity, 1);
    const refused = (
      await f.user.api('POST', '/v1/semantic-cache/preview', {
        prompt: 'How many moons does Jupiter have?',
        model,
      })
    ).body;
    assert.equal(refused.would_hit, false);
    assert.ok(refused.refused_by, 'a guard or the threshold refused the closest entry');
    assert.match(refused.match?.prompt_preview ?? '', /Mars/);
    const bad = await f.user.api('POST', '/v1/semantic-cache/preview', { prompt: '', model });
    assert.equal(bad.status, 400);
  });

  test('another account never gets this account’s answers', async () => {
    const other = await signUpSubscribed(f.server);
    const key = (await other.api('POST', '/v1/keys', { name: 'k' })).body.key;
    await other.api('POST', '/v1/provider-keys', {
      provider: 'openai',
      api_key: 'openai-secret-key',
    });
    const res = await fetch(`${f.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: 'How many moons does Mars have?' }],
      }),
    });
    assert.equal(res.headers.get('x-cache'), 'MISS');
    const mine = (await f.user.api('GET', '/v1/semantic-cache/entries')).body.entries[0];
    const theirs = (await other.api('GET', '/v1/semantic-cache/entries')).body.entries;
    assert.ok(
      theirs.every((e: { id: string }) => e.id !== mine.id),
      'lists show only the own account',
    );
    assert.equal((await other.api('DELETE', `/v1/semantic-cache/entries/${mine.id}`)).status, 404);
  });

  test('streaming requests fill the cache and are replayed as a stream', async () => {
    const streamOnce = async () => {
      const { data: stream, response } = await f.openai.chat.completions
        .create({
          model,
          stream: true,
          stream_options: { include_usage: true },
          messages: [{ role: 'user', content: 'Name three prime numbers' }],
        })
        .withResponse();
      let text = '';
      let chunks = 0;
      let usage = false;
      for await (const chunk of stream) {
        chunks += 1;
        text += chunk.choices[0]?.delta.content ?? '';
        usage ||= Boolean(chunk.usage);
      }
      return { text, chunks, usage, cache: response.headers.get('x-cache') };
    };
    const first = await streamOnce();
    await f.server.app.gateway.cache.settled();
    const second = await streamOnce();
    assert.equal(first.cache, 'MISS');
    assert.equal(second.cache, 'HIT');
    assert.equal(second.text, first.text);
    assert.ok(second.chunks > 2 && second.usage);
  });

  test('per-request headers: bypass, no-store, refresh, ttl', async () => {
    const calls = upstreamCalls();
    assert.equal(
      (await ask('How many moons does Mars have?', { 'x-tokenwise-cache': 'bypass' })).cache,
      'MISS',
    );
    assert.equal(upstreamCalls(), calls + 1);
    await ask('What is the boiling point of water at sea level?', {
      'x-tokenwise-cache': 'no-store',
    });
    assert.equal(
      (await ask('What is the boiling point of water at sea level?')).cache,
      'MISS',
      'no-store kept nothing',
    );
    assert.equal(
      (
        await ask('What is the boiling point of water at sea level?', {
          'x-tokenwise-cache': 'refresh',
        })
      ).cache,
      'MISS',
    );
    assert.equal((await ask('What is the boiling point of water at sea level?')).cache, 'HIT');
    await assert.rejects(ask('x', { 'x-tokenwise-cache': 'sometimes' }));
    await assert.rejects(ask('x', { 'x-tokenwise-cache-ttl': '-5' }));
  });

  test('entries expire after their TTL (fake clock)', async () => {
    await ask('Who wrote The Old Man and the Sea?', { 'x-tokenwise-cache-ttl': '60' });
    assert.equal((await ask('Who wrote The Old Man and the Sea?')).cache, 'HIT');
    now += 61_000;
    assert.equal((await ask('Who wrote The Old Man and the Sea?')).cache, 'MISS');
  });

  test('PII: the cache holds placeholders, so another email gets its own value back', async () => {
    const first = await ask('Draft a welcome note for anna@example.com');
    assert.match(first.text, /anna@example\.com/);
    const second = await ask('Draft a welcome note for bruno@example.org');
    assert.equal(second.cache, 'HIT');
    assert.match(second.text, /bruno@example\.org/);
    assert.doesNotMatch(second.text, /anna@example\.com/);
    await f.server.app.gateway.cache.settled();
    const rows = await f.server.deps.db.kysely
      .selectFrom('cache_entries')
      .select(['query_text', 'response'])
      .execute();
    assert.ok(rows.every((r) => !r.query_text.includes('anna@') && !r.response.includes('anna@')));
  });

  test('entries, analytics, invalidation by id, pattern and all', async () => {
    await f.server.app.gateway.cache.flushHits();
    const list = (await f.user.api('GET', '/v1/semantic-cache/entries?limit=2')).body;
    assert.equal(list.entries.length, 2);
    assert.ok(list.total >= 4);
    const analytics = (await f.user.api('GET', '/v1/semantic-cache/analytics')).body;
    assert.equal(analytics.total_entries, list.total);
    assert.ok(analytics.total_tokens_saved > 0);
    assert.equal(analytics.by_provider[0].provider, 'openai');

    const target = list.entries[0];
    assert.equal(
      (await f.user.api('DELETE', `/v1/semantic-cache/entries/${target.id}`)).status,
      200,
    );
    const byPattern = (
      await f.user.api('DELETE', `/v1/semantic-cache/invalidate/${encodeURIComponent('*mars*')}`)
    ).body;
    assert.equal(byPattern.removed, 1);
    assert.equal((await ask('How many moons does Mars have?')).cache, 'MISS');
    const all = (await f.user.api('DELETE', '/v1/semantic-cache/invalidate')).body;
    assert.ok(all.removed >= 1);
    assert.equal((await f.user.api('GET', '/v1/semantic-cache/entries')).body.total, 0);
  });

  test('a thumbs-down on a cached answer stops it being served until it is refreshed', async () => {
    await ask('What is the tallest mountain on Earth?');
    const hit = await ask('What is the tallest mountain on Earth?');
    assert.equal(hit.cache, 'HIT');
    await f.logs();
    const vote = await f.user.api('POST', '/v1/evals/feedback', {
      request_id: hit.id,
      feedback: 'negative',
    });
    assert.equal(vote.status, 200);
    assert.equal(vote.body.cache_entry_demoted, true);
    assert.equal((await ask('What is the tallest mountain on Earth?')).cache, 'MISS', 'demoted');
    const listed = (await f.user.api('GET', '/v1/semantic-cache/entries')).body.entries;
    assert.ok(
      listed.some((e: { demoted: boolean }) => e.demoted),
      'the list says so',
    );
  });

  test('turning the cache off stops hits; the config validates', async () => {
    await ask('What colour is the sky?');
    await f.user.api('PUT', '/v1/semantic-cache/config', {
      enabled: false,
      similarity_threshold: 0.95,
      ttl_seconds: 3600,
    });
    assert.equal((await ask('What colour is the sky?')).cache, 'MISS');
    assert.equal(
      (
        await f.user.api('PUT', '/v1/semantic-cache/config', {
          enabled: true,
          similarity_threshold: 0.5,
          ttl_seconds: 3600,
        })
      ).status,
      400,
    );
    const saved = await f.user.api('PUT', '/v1/semantic-cache/config', {
      enabled: true,
      similarity_threshold: 0.9,
      ttl_seconds: 7200,
    });
    assert.deepEqual(saved.body, {
      enabled: true,
      embedder: 'local',
      similarity_threshold: 0.9,
      ttl_seconds: 7200,
    });
  });

  test('an account can use a provider’s embeddings, paid with its own key', async () => {
    const cfg = (await f.user.api('GET', '/v1/semantic-cache/config')).body;
    assert.equal(cfg.embedder, 'local');
    const saved = await f.user.api('PUT', '/v1/semantic-cache/config', {
      ...cfg,
      embedder: 'openai',
    });
    assert.equal(saved.body.embedder, 'openai');
    // Saving without the field keeps the choice (the screen's toggle sends only what it shows).
    const { embedder: _e, ...withoutEmbedder } = saved.body;
    assert.equal(
      (await f.user.api('PUT', '/v1/semantic-cache/config', withoutEmbedder)).body.embedder,
      'openai',
    );

    const embeddingCalls = () => f.mock.calls.filter((c) => c.path.includes('embeddings')).length;
    const before = embeddingCalls();
    await ask('How many legs does a spider have?');
    await f.server.app.gateway.cache.settled();
    assert.equal(embeddingCalls(), before + 1, 'the stored prompt was embedded by the provider');
    const embedCall = f.mock.calls.filter((c) => c.path.includes('embeddings')).at(-1);
    assert.equal(
      embedCall?.headers.authorization,
      'Bearer openai-secret-key',
      'with the account’s key',
    );
    const row = await f.server.deps.db.kysely
      .selectFrom('cache_entries')
      .select('embedder_id')
      .where('query_text', 'like', '%spider%')
      .executeTakeFirstOrThrow();
    assert.match(row.embedder_id, /^remote:openai:text-embedding-3-small/);
    assert.equal((await ask('how many legs does a spider have')).cache, 'HIT');

    // Without a usable key the cache misses; the request itself still succeeds.
    await f.user.api('PUT', '/v1/semantic-cache/config', { ...saved.body, embedder: 'gemini' });
    const keys = (await f.user.api('GET', '/v1/provider-keys')).body as {
      id: string;
      provider: string;
    }[];
    for (const k of keys.filter((k) => k.provider === 'gemini'))
      await f.user.api('DELETE', `/v1/provider-keys/${k.id}`);
    const res = await ask('What is the speed of light?');
    assert.equal(res.cache, 'MISS');
    assert.match(res.text, /speed of light/);
    // The preview says why it cannot embed: a 400 for the missing key, a 502 for a failing
    // provider (never its 401, which the dashboard would take for an expired session).
    const preview = () =>
      f.user.api('POST', '/v1/semantic-cache/preview', { prompt: 'What is the speed of light?' });
    const noKey = await preview();
    assert.equal(noKey.status, 400);
    assert.equal(noKey.body.error, 'embedder_unavailable');
    assert.match(noKey.body.message, /gemini embedder needs a gemini API key/);
    await f.user.api('PUT', '/v1/semantic-cache/config', { ...saved.body, embedder: 'openai' });
    f.mock.enqueue({ status: 401, echoCredential: true }, 'openai');
    const failing = await preview();
    assert.equal(failing.status, 502);
    assert.match(failing.body.message, /^The openai embedder failed: .*\[SECRET_REDACTED\]/);
    await f.user.api('PUT', '/v1/semantic-cache/config', { ...saved.body, embedder: 'local' });
  });

  test('warm-up loads answers, and a restart keeps the cache', async () => {
    const warm = await f.user.api('POST', '/v1/semantic-cache/warmup', {
      model,
      entries: [
        {
          prompt: 'What are your opening hours?',
          response: 'We are open 9 to 5, Monday to Friday.',
        },
      ],
    });
    assert.equal(warm.body.loaded, 1);
    const hit = await ask('What are your opening hours?');
    assert.equal(hit.cache, 'HIT');
    assert.equal(hit.text, 'We are open 9 to 5, Monday to Friday.');
    // A hit on a warmed answer spared a real call: the prompt and the answer, at the model's prices.
    const row = (await f.logs()).find((r) => r.id === hit.id);
    assert.ok(row);
    const asked = resolveModel(model);
    assert.ok(asked);
    const promptTokens = countChat(
      [{ role: 'user', content: 'What are your opening hours?' }],
      asked,
    ).tokens;
    const answerTokens = countTokens('We are open 9 to 5, Monday to Friday.', asked);
    assert.equal(row.tokens_saved, promptTokens + answerTokens);
    const spared = costOf(asked, { inputTokens: promptTokens, outputTokens: answerTokens });
    assert.ok(Math.abs(row.cost_saved - spared) < 1e-12, `cost_saved ${row.cost_saved}`);
    const restarted = new ResponseCache(f.server.deps, async () => []);
    assert.equal(await restarted.load(), f.server.app.gateway.cache.size());
    await restarted.close();
  });

  test('a hit saves what the model this request asked for would have cost, not the one that filled the entry', async () => {
    // gpt-4o and gpt-4o-mini share a family, so one's answer serves the other (docs/gateway.md).
    const content = 'Which planet has the longest day in the solar system?';
    const askAs = (name: string) =>
      f.openai.chat.completions
        .create({ model: name, messages: [{ role: 'user', content }] })
        .withResponse();
    const first = await askAs('openai/gpt-4o');
    const second = await askAs('openai/gpt-4o-mini');
    assert.equal(second.response.headers.get('x-cache'), 'HIT');
    const rows = await f.logs();
    const filled = rows.find((r) => r.id === first.response.headers.get('x-request-id'));
    const hit = rows.find((r) => r.id === second.response.headers.get('x-request-id'));
    assert.ok(filled && hit);
    const asked = resolveModel('openai/gpt-4o-mini');
    assert.ok(asked);
    // Without the gateway this caller would have paid gpt-4o-mini for the call (16x less than gpt-4o).
    const expected = costOf(asked, {
      inputTokens: filled.original_tokens_in,
      outputTokens: filled.tokens_out,
    });
    assert.equal(hit.tokens_saved, filled.original_tokens_in + filled.tokens_out);
    assert.ok(
      Math.abs(hit.cost_saved - expected) < 1e-12,
      `cost_saved ${hit.cost_saved}, the asked model's price ${expected}`,
    );
    await f.server.app.gateway.cache.flushHits();
    const entry = (
      await f.user.api('GET', '/v1/semantic-cache/entries?limit=50')
    ).body.entries.find((e: { prompt_preview: string }) => e.prompt_preview === content);
    assert.ok(Math.abs(entry.cost_saved - expected) < 1e-9, `entry cost_saved ${entry.cost_saved}`);
  });
});

describe('cache hit-rate figures cover the same 30 days as the dashboard', () => {
  const HOUR = 3_600_000;
  // Half past an hour: the dashboard's 30d period (the 720 hours ending now) starts inside one.
  const now = Math.floor(Date.now() / HOUR) * HOUR - HOUR / 2;
  const start = now + 1 - 720 * HOUR;
  const f = useGatewayFixture({ TOKENWISE_TEST_CLOCK: '1' }, () => now);

  test('a hit from before the 30d period counts on neither screen, one a minute inside on both', async () => {
    const askTwice = async (content: string, at: number) => {
      const ask = () =>
        f.openai.chat.completions
          .create(
            { model, messages: [{ role: 'user', content }] },
            { headers: { [TEST_TIME_HEADER]: new Date(at).toISOString() } },
          )
          .withResponse();
      await ask();
      assert.equal((await ask()).response.headers.get('x-cache'), 'HIT');
    };
    await askTwice('How long is a day on Venus?', start - 60_000);
    await askTwice('How long is a day on Mars?', start + 60_000);
    const dashboard = (await f.user.api('GET', '/v1/analytics?time_range=30d&cache_status=hit'))
      .body;
    const stats = (await f.user.api('GET', '/v1/semantic-cache/stats')).body;
    assert.equal(dashboard.pagination.total_count, 1, 'the dashboard 30d holds the later hit');
    assert.deepEqual(
      [stats.total_hits, stats.total_misses],
      [1, 1],
      'the cache screen counts the same window',
    );
  });

  test('Tokens Saved and Cost Saved are what the hits of those 30 days saved, cleared cache or not', async () => {
    const ask = (content: string, name = model) =>
      f.openai.chat.completions
        .create({ model: name, messages: [{ role: 'user', content }] })
        .withResponse();
    for (const content of ['What is the speed of sound in air?', 'Who discovered penicillin?']) {
      await ask(content, 'openai/gpt-4o');
      assert.equal((await ask(content)).response.headers.get('x-cache'), 'HIT');
    }
    const hits = (await f.logs()).filter((r) => r.cache_hit === 1 && r.created_at >= start);
    assert.equal(hits.length, 3);
    const saved = {
      tokens_saved: hits.reduce((sum, r) => sum + r.tokens_saved, 0),
      cost_saved: Math.round(hits.reduce((sum, r) => sum + r.cost_saved, 0) * 1e6) / 1e6,
    };
    const figures = async () => {
      const { total_hits, tokens_saved, cost_saved } = (
        await f.user.api('GET', '/v1/semantic-cache/stats')
      ).body;
      return { total_hits, tokens_saved, cost_saved };
    };
    assert.deepEqual(await figures(), { total_hits: 3, ...saved });
    // Clearing the cache removes the answers, not what they already saved.
    await f.user.api('DELETE', '/v1/semantic-cache/invalidate');
    assert.deepEqual(await figures(), { total_hits: 3, ...saved });
  });
});
