import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Json = Record<string, unknown>;

/** Past the semantic cache and compression: what the provider gets is what redaction left. */
const AS_SENT = {
  headers: { 'x-tokenwise-optimization-level': 'off', 'x-tokenwise-cache': 'bypass' },
};
const PSEUDONYM = /^tw-[0-9a-f]{32}$/;

describe('PII redaction reaches stop sequences, participant names, end-user ids and metadata (decision 155)', () => {
  const f = useGatewayFixture();
  const sent = () => f.mock.calls.at(-1)?.body as Json;

  beforeEach(() => f.mock.reset());

  test('chat: an id holding an address becomes a stable digest, a name and a stop sequence the prompt placeholder', async () => {
    const ask = (who: string) =>
      f.openai.chat.completions.create(
        {
          model: 'openai/gpt-4o-mini',
          user: who,
          safety_identifier: who,
          prompt_cache_key: `support-${who}`,
          metadata: { customer: who, plan: 'pro' },
          stop: ['ann@example.org', 'END'],
          messages: [
            { role: 'system', content: 'Write the reply letter.' },
            { role: 'user', name: 'ann@example.org', content: 'Sign it ann@example.org.' },
          ],
        },
        AS_SENT,
      );
    await ask('ann@example.org');
    const first = sent();
    assert.ok(!JSON.stringify(first).includes('ann@example.org'), JSON.stringify(first));
    assert.match(String(first.user), PSEUDONYM);
    // One end user, one value: the provider's abuse tracking and cache routing keep working.
    assert.equal(first.safety_identifier, first.user);
    assert.match(String(first.prompt_cache_key), PSEUDONYM);
    assert.deepEqual(first.metadata, { customer: first.user, plan: 'pro' });
    // The model reads the placeholder where the caller wrote the address, so it stops on it.
    const messages = first.messages as Json[];
    assert.equal(messages[1]?.content, 'Sign it [EMAIL_REDACTED_1].');
    assert.equal(messages[1]?.name, '[EMAIL_REDACTED_1]');
    assert.deepEqual(first.stop, ['[EMAIL_REDACTED_1]', 'END']);

    await ask('ann@example.org');
    assert.equal(sent().user, first.user);
    await ask('bob@example.org');
    assert.notEqual(sent().user, first.user);
    assert.match(String(sent().user), PSEUDONYM);
    // An opaque id holds nothing to hide and stays matchable in the provider's dashboard.
    await ask('customer-42');
    assert.equal(sent().user, 'customer-42');
    assert.deepEqual(sent().metadata, { customer: 'customer-42', plan: 'pro' });

    // Nothing of it in the log either.
    const logs = JSON.stringify(await f.logs());
    assert.ok(!logs.includes('ann@example.org'));
  });

  test('messages: metadata.user_id is a digest; the stop sequence goes as the placeholder and comes back as written', async () => {
    const asked = {
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      metadata: { user_id: 'ann@example.org' },
      stop_sequences: ['ann@example.org'],
      messages: [{ role: 'user' as const, content: 'Write to ann@example.org and stop there.' }],
    };
    for (const stream of [false, true]) {
      f.mock.enqueue({ reply: 'Dear ', stopSequence: '[EMAIL_REDACTED_1]' }, 'anthropic');
      const msg = stream
        ? await f.anthropic.messages.stream(asked, AS_SENT).finalMessage()
        : await f.anthropic.messages.create(asked, AS_SENT);
      const body = sent();
      assert.ok(!JSON.stringify(body).includes('ann@example.org'), JSON.stringify(body));
      assert.match(String((body.metadata as Json).user_id), PSEUDONYM);
      assert.deepEqual(body.stop_sequences, ['[EMAIL_REDACTED_1]']);
      assert.equal(msg.stop_reason, 'stop_sequence', `stream: ${stream}`);
      assert.equal(msg.stop_sequence, 'ann@example.org', `stream: ${stream}`);
    }
  });

  test('responses: safety_identifier and user reach the provider as the digest, the caller reads its own', async () => {
    for (const field of ['safety_identifier', 'user'] as const) {
      const answer = await f.openai.responses.create(
        { model: 'openai/gpt-4o-mini', input: 'Hello', [field]: 'ann@example.org' },
        AS_SENT,
      );
      assert.match(String(sent().user), PSEUDONYM, field);
      assert.equal(answer.user, 'ann@example.org');
    }
  });

  test('metadata with more pairs than any provider takes is a 400 naming it, not digested pair by pair', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, '1']));
    const calls = f.mock.calls.length;
    await assert.rejects(
      f.openai.chat.completions.create(
        { model: 'openai/gpt-4o-mini', metadata, messages: [{ role: 'user', content: 'Hi' }] },
        AS_SENT,
      ),
      (err: { status?: number; param?: string }) => err.status === 400 && err.param === 'metadata',
    );
    assert.equal(f.mock.calls.length, calls, 'nothing reached the provider');
  });
});
