import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { waitFor } from '../../testing/wait-for.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';

interface ProviderKeyRow {
  provider: string;
  last_used_at: string | null;
}

// The issue: provider keys' 'Last Used' said 'Never' while the server ran, because their last use
// was written only at shutdown. Both kinds of key now flush on the same schedule, short here.
describe('a key used through the gateway shows its last use while the server runs', () => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture({ LAST_USED_FLUSH_MS: '50' });
  });
  after(() => f.close());

  const providerKeys = async () =>
    (await f.user.api('GET', '/v1/provider-keys')).body as ProviderKeyRow[];

  test('the provider key that served a request, and the gateway key, get last used', async () => {
    assert.ok(
      (await providerKeys()).every((k) => k.last_used_at === null),
      'unused at first',
    );
    const startedAt = Date.now();
    await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello there' }],
    });

    const openai = await waitFor('the openai key’s last use on GET /v1/provider-keys', async () =>
      (await providerKeys()).find((k) => k.provider === 'openai' && k.last_used_at),
    );
    assert.ok(Date.parse(openai.last_used_at ?? '') >= startedAt - 1000, openai.last_used_at ?? '');
    const others = (await providerKeys()).filter((k) => k.provider !== 'openai');
    assert.ok(
      others.every((k) => k.last_used_at === null),
      'keys that served nothing stay unused',
    );
    await waitFor('the gateway key’s last use on GET /v1/keys', async () => {
      const [key] = (await f.user.api('GET', '/v1/keys')).body as { last_used: string | null }[];
      return key?.last_used ?? undefined;
    });
  });

  test('the provider key that served embeddings or a token count gets last used too', async () => {
    // Before: only chat marked the provider key, so a key serving only embeddings said 'Never'.
    const used = async (provider: string) =>
      (await providerKeys()).find((k) => k.provider === provider)?.last_used_at ?? null;
    assert.equal(await used('mistral'), null, 'unused at first');
    assert.equal(await used('anthropic'), null, 'unused at first');
    await f.openai.embeddings.create({ model: 'mistral/mistral-embed', input: 'a few words' });
    await f.anthropic.messages.countTokens({
      model: 'claude-3-5-haiku-latest',
      messages: [{ role: 'user', content: 'How many tokens is this?' }],
    });
    assert.equal(f.mock.callCount('mistral'), 1, 'the embeddings reached Mistral');
    assert.equal(f.mock.callCount('anthropic'), 1, 'the count reached Anthropic');
    await waitFor('the mistral key’s last use', async () => (await used('mistral')) ?? undefined);
    await waitFor(
      'the anthropic key’s last use',
      async () => (await used('anthropic')) ?? undefined,
    );
  });
});
