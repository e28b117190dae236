import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GatewayError, type ProviderId } from '../../types.ts';
import { sendEmbeddings } from '../../upstream/client.ts';
import { useMockUpstream } from '../../upstream/testing/use-mock-upstream.ts';
import { getProvider } from '../registry.ts';

/** Embeddings through `sendEmbeddings` against the mock, for providers that serve them. */
export function describeEmbeddingsContract(id: ProviderId): void {
  describe(`${id}: embeddings through sendEmbeddings against the mock provider`, () => {
    const mock = useMockUpstream();
    const embed = (
      input: string | string[],
      extra: { dimensions?: number; apiKey?: string } = {},
    ) =>
      sendEmbeddings(
        getProvider(id),
        {
          model: 'caller-alias',
          input,
          ...(extra.dimensions ? { dimensions: extra.dimensions } : {}),
        },
        {
          provider: id,
          model: 'embed-model',
          apiKey: extra.apiKey ?? 'k',
          baseUrl: mock.baseUrls[id],
        },
        { timeoutMs: 15_000, maxRetries: 1, retryBaseDelayMs: 1 },
      ).then((sent) => sent.response);

    test('one vector per input, in order, with usage', async () => {
      const res = await embed(['red apple', 'green apple', 'red apple']);
      assert.equal(res.object, 'list');
      assert.deepEqual(
        res.data.map((d) => d.index),
        [0, 1, 2],
      );
      assert.ok((res.data[0]?.embedding.length ?? 0) > 0);
      assert.deepEqual(res.data[0]?.embedding, res.data[2]?.embedding, 'same text, same vector');
      assert.notDeepEqual(res.data[0]?.embedding, res.data[1]?.embedding);
      assert.ok(res.usage.prompt_tokens > 0, 'usage reported or estimated');
      assert.equal(res.model.replace(/^models\//, ''), 'embed-model');
    });

    test('requested dimensions reach the provider', async () => {
      const res = await embed('short text', { dimensions: 8 });
      assert.equal(res.data[0]?.embedding.length, 8);
    });

    test('provider errors keep their status', async () => {
      await assert.rejects(
        embed('x', { apiKey: '' }),
        (err: unknown) => err instanceof GatewayError && err.status === 401,
      );
    });
  });
}
