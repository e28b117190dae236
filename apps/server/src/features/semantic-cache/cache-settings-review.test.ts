import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';

const model = 'openai/gpt-4o-mini';
const CONFIG = { enabled: true, similarity_threshold: 0.95, ttl_seconds: 900 };

describe('semantic cache settings and clearing, as a person reads the answers', () => {
  let now = Date.parse('2026-06-01T12:00:00Z');
  const f = useGatewayFixture({}, () => now);
  const ask = async (content: string) => {
    const { response } = await f.openai.chat.completions
      .create({ model, messages: [{ role: 'user', content }] })
      .withResponse();
    return response.headers.get('x-cache');
  };
  const saveConfig = (body: unknown) => f.user.api('PUT', '/v1/semantic-cache/config', body);
  const listed = async () => (await f.user.api('GET', '/v1/semantic-cache/entries')).body.total;

  test('a TTL out of bounds is refused naming the TTL and its real bounds', async () => {
    for (const [ttl, message] of [
      [59, 'TTL seconds must be at least 60'],
      [2_592_001, 'TTL seconds must be at most 2592000'],
      // Past the safe integers: the bound said is still the field's, not JavaScript's.
      [1e20, 'TTL seconds must be at most 2592000'],
      [-1e20, 'TTL seconds must be at least 60'],
    ] as const) {
      const res = await saveConfig({ ...CONFIG, ttl_seconds: ttl });
      assert.equal(res.status, 400, String(ttl));
      assert.deepEqual(res.body, { error: 'validation_error', message });
    }
    const stored = await f.user.api('GET', '/v1/semantic-cache/config');
    assert.equal(stored.body.ttl_seconds, 3600, 'nothing refused was saved');
  });

  test('a PII switch of the wrong type is names the acronym as one', async () => {
    const base = { enabled: true, redact_emails: true, redact_phones: true, redact_ssn: true };
    for (const [field, message] of [
      ['redact_ssn', 'Redact SSN must be true or false'],
      ['redact_ip_addresses', 'Redact IP addresses must be true or false'],
    ] as const) {
      const res = await f.user.api('PUT', '/v1/pii-redaction/config', { ...base, [field]: 'yes' });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { error: 'validation_error', message });
    }
  });

  test('null is refused as the wrong type, not as a missing field: optional switches are not required', async () => {
    const pii = await f.user.api('PUT', '/v1/pii-redaction/config', {
      enabled: true,
      redact_emails: true,
      redact_phones: true,
      redact_ssn: true,
      redact_credit_cards: null,
    });
    assert.deepEqual(pii.body, {
      error: 'validation_error',
      message: 'Redact credit cards must be true or false',
    });
    const cache = await saveConfig({ ...CONFIG, similarity_threshold: null });
    assert.deepEqual(cache.body, {
      error: 'validation_error',
      message: 'Similarity threshold must be a number',
    });
  });

  test('a save of some fields keeps the others (as an alert’s toggle sends only enabled)', async () => {
    assert.equal((await saveConfig({ ...CONFIG, similarity_threshold: 0.9 })).status, 200);
    const off = await saveConfig({ enabled: false });
    assert.equal(off.status, 200);
    assert.deepEqual(off.body, {
      enabled: false,
      embedder: 'local',
      similarity_threshold: 0.9,
      ttl_seconds: 900,
    });
    const ttl = await saveConfig({ ttl_seconds: 7200 });
    assert.equal(ttl.body.ttl_seconds, 7200);
    assert.equal(ttl.body.similarity_threshold, 0.9);
    assert.equal(ttl.body.enabled, false);
    assert.deepEqual((await saveConfig(null)).body, {
      error: 'validation_error',
      message: 'Request must be an object',
    });
    const refused = await saveConfig({ similarity_threshold: 0.5 });
    assert.equal(refused.status, 400, 'a field sent is still checked');
    assert.deepEqual(
      (await f.user.api('GET', '/v1/semantic-cache/config')).body,
      ttl.body,
      'nothing refused was saved',
    );

    const pii = await f.user.api('PUT', '/v1/pii-redaction/config', { redact_phones: false });
    assert.equal(pii.status, 200);
    assert.equal(pii.body.redact_phones, false);
    assert.equal(pii.body.enabled, true, 'the master switch left alone');
    assert.equal(pii.body.redact_emails, true);
    assert.equal(pii.body.redact_ssn, true);
    assert.deepEqual((await f.user.api('GET', '/v1/pii-redaction/config')).body, pii.body);
    assert.equal((await saveConfig(CONFIG)).status, 200);
  });

  test('Clear All Cache counts the entries the list showed, not expired ones', async () => {
    assert.equal((await saveConfig(CONFIG)).status, 200);
    assert.equal(await ask('How many legs does a spider have?'), 'MISS');
    now += 901_000;
    assert.equal(await ask('How many legs does an ant have?'), 'MISS');
    await f.server.app.gateway.cache.settled();
    assert.equal(await listed(), 1, 'the spider answer expired');
    const cleared = await f.user.api('DELETE', '/v1/semantic-cache/invalidate');
    assert.deepEqual(cleared.body, { message: 'Cleared 1 cached entry', removed: 1 });
    assert.equal(await listed(), 0);
    assert.equal(await ask('How many legs does an ant have?'), 'MISS', 'no hit after the clear');
  });

  test('invalidating by pattern counts only entries the list showed', async () => {
    assert.equal((await saveConfig(CONFIG)).status, 200);
    assert.equal(await ask('How many wings does a bee have?'), 'MISS');
    now += 901_000;
    assert.equal(await ask('How many wings does a fly have?'), 'MISS');
    await f.server.app.gateway.cache.settled();
    assert.equal(await listed(), 1);
    const removed = await f.user.api('DELETE', '/v1/semantic-cache/invalidate/*wings*');
    assert.deepEqual(removed.body, {
      message: 'Removed 1 cached entry matching *wings*',
      removed: 1,
    });
    assert.equal(await listed(), 0);
    const rows = await f.server.deps.db.kysely
      .selectFrom('cache_entries')
      .select('id')
      .where('account_id', '=', f.user.accountId)
      .where('query_text', 'like', '%wings%')
      .execute();
    assert.equal(rows.length, 0, 'the expired row went too');
  });

  test('an answer still on its way when the cache is cleared is not kept', async () => {
    assert.equal((await saveConfig(CONFIG)).status, 200);
    f.mock.enqueue({ latencyMs: 600 }, 'openai');
    const onItsWay = ask('What is the tallest mountain in Europe?');
    await sleep(200);
    assert.equal((await f.user.api('DELETE', '/v1/semantic-cache/invalidate')).status, 200);
    assert.equal(await onItsWay, 'MISS');
    await f.server.app.gateway.cache.settled();
    assert.equal(await listed(), 0, 'the list stays empty after Clear All Cache');
    const calls = f.mock.callCount('openai');
    assert.equal(await ask('What is the tallest mountain in Europe?'), 'MISS');
    assert.equal(f.mock.callCount('openai'), calls + 1, 'asked the provider again');
  });

  test('a streamed answer still on its way when the cache is cleared is not kept', async () => {
    assert.equal((await saveConfig(CONFIG)).status, 200);
    f.mock.enqueue({ chunkDelayMs: 100 }, 'openai');
    const prompt = 'Name three moons of Jupiter, one per line please.';
    const stream = await f.openai.chat.completions.create({
      model,
      stream: true,
      messages: [{ role: 'user', content: prompt }],
    });
    const read = (async () => {
      for await (const _chunk of stream);
    })();
    await sleep(150);
    assert.equal((await f.user.api('DELETE', '/v1/semantic-cache/invalidate')).status, 200);
    await read;
    await f.server.app.gateway.cache.settled();
    assert.equal(await listed(), 0);
    assert.equal(await ask(prompt), 'MISS');
  });

  test('a pattern drops a matching answer on its way, and keeps one it does not match', async () => {
    f.mock.enqueue({ latencyMs: 600 }, 'openai');
    f.mock.enqueue({ latencyMs: 600 }, 'openai');
    const matching = ask('Which river is the longest in Asia?');
    const other = ask('Which desert is the largest in Africa?');
    await sleep(200);
    const res = await f.user.api('DELETE', '/v1/semantic-cache/invalidate/*river*');
    assert.equal(res.status, 200);
    assert.deepEqual(await Promise.all([matching, other]), ['MISS', 'MISS']);
    await f.server.app.gateway.cache.settled();
    assert.equal(await ask('Which river is the longest in Asia?'), 'MISS');
    assert.equal(await ask('Which desert is the largest in Africa?'), 'HIT');
  });

  test('an answer on its way when the cache is switched off is not kept', async () => {
    assert.equal((await saveConfig(CONFIG)).status, 200);
    assert.equal((await f.user.api('DELETE', '/v1/semantic-cache/invalidate')).status, 200);
    f.mock.enqueue({ latencyMs: 600 }, 'openai');
    const onItsWay = ask('What is the deepest lake in Africa?');
    await sleep(200);
    assert.equal((await saveConfig({ ...CONFIG, enabled: false })).status, 200);
    assert.equal(await onItsWay, 'MISS');
    await f.server.app.gateway.cache.settled();
    assert.equal(await listed(), 0, 'nothing is stored while the cache is off');
    assert.equal((await saveConfig(CONFIG)).status, 200);
    assert.equal(await ask('What is the deepest lake in Africa?'), 'MISS');
  });
});
