import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };

/** Streamed answers as callers see them through the SDKs (decision 120). */
describe('streamed answers, reviewed end to end', () => {
  const f = useGatewayFixture();

  // The events before a provider's first answer event (the role chunk, Anthropic's message_start)
  // are the last point a failed attempt can still be retried: the answer opens with that event.
  const FIRST_ANSWER_EVENT: Record<string, [string, number]> = {
    openai: ['openai/gpt-4o-mini', 2],
    anthropic: ['anthropic/claude-sonnet-4-5', 4],
    gemini: ['gemini/gemini-2.5-flash', 1],
    mistral: ['mistral/mistral-small-latest', 2],
    groq: ['groq/llama-3.1-8b-instant', 2],
  };
  /** Each caller format's first text, read through its SDK; the stream is left after it. */
  const firstText: Record<string, (model: string, signal: AbortSignal) => Promise<string>> = {
    chat: async (model, signal) => {
      const messages = [{ role: 'user' as const, content: `first words, chat, ${model}` }];
      const stream = await f.openai.chat.completions.create(
        { model, messages, stream: true },
        { ...bypass, signal },
      );
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content) return 'text';
      return 'none';
    },
    responses: async (model, signal) => {
      const input = `first words, responses, ${model}`;
      const stream = await f.openai.responses.create(
        { model, input, stream: true },
        { ...bypass, signal },
      );
      for await (const event of stream)
        if (event.type === 'response.output_text.delta') return 'text';
      return 'none';
    },
    messages: async (model, signal) => {
      const messages = [{ role: 'user' as const, content: `first words, messages, ${model}` }];
      const stream = await f.anthropic.messages.create(
        { model, max_tokens: 50, messages, stream: true },
        { ...bypass, signal },
      );
      for await (const event of stream) if (event.type === 'content_block_delta') return 'text';
      return 'none';
    },
  };

  test('the first words reach each caller format while the provider, any of the five, stalls right after them', async () => {
    for (const [provider, [model, events]] of Object.entries(FIRST_ANSWER_EVENT)) {
      for (const [via, read] of Object.entries(firstText)) {
        f.mock.reset();
        // The provider never sends the rest (until the caller leaves): only the first word can arrive.
        f.mock.enqueue({ reply: 'one two three', stallAfterChunks: events });
        // A generous bound: the upstream timeout (120 s) is what a held event would wait for.
        const seen = await read(model, AbortSignal.timeout(10_000)).catch((e: Error) => e.message);
        assert.equal(seen, 'text', `${provider} through ${via}`);
      }
    }
  });

  test("Mistral's error event mid-stream reaches the caller with Mistral's own words, and the row keeps them", async () => {
    const model = 'mistral/mistral-small-latest';
    const failure = { status: 429, errorMessage: 'Service tier capacity exceeded for this model' };
    f.mock.enqueue({ reply: 'one two three four', streamErrorAfterChunks: 3, ...failure });
    const content = 'a mistral stream that fails half-way';
    const stream = await f.openai.chat.completions.create(
      { model, stream: true, messages: [{ role: 'user', content }] },
      bypass,
    );
    let text = '';
    await assert.rejects(
      async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      },
      (err: Error) => err.message.includes(failure.errorMessage),
    );
    assert.equal(text, 'one two');

    f.mock.enqueue({ reply: 'one two three four', streamErrorAfterChunks: 3, ...failure });
    const viaMessages = await f.anthropic.messages.create(
      { model, max_tokens: 50, stream: true, messages: [{ role: 'user', content: `${content}!` }] },
      bypass,
    );
    await assert.rejects(
      async () => {
        for await (const _ of viaMessages);
      },
      (err: Error) => err.message.includes(failure.errorMessage),
    );
    const rows = (await f.logs()).filter((r) => r.original_text?.includes(content));
    assert.equal(rows.length, 2);
    for (const row of rows) assert.equal(row.error_message, failure.errorMessage);

    // Before any text, on every attempt: the caller gets Mistral's status, not a 502 for a cut stream.
    f.mock.reset();
    f.mock.setDefault({ reply: 'one two', streamErrorAfterChunks: 1, ...failure });
    const early = f.openai.chat.completions.create(
      { model, stream: true, messages: [{ role: 'user', content: 'refused before any text' }] },
      bypass,
    );
    await assert.rejects(early, (err: { status?: number; message: string }) => {
      assert.equal(err.status, 429);
      assert.match(err.message, /Service tier capacity exceeded/);
      return true;
    });
    f.mock.reset();
  });
});
