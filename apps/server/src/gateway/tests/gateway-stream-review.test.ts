import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };

/** Streamed answers as callers see them through the SDKs (decision 120). */
describe('streamed answers, reviewed end to end', () => {
  const f = useGatewayFixture();

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
  });
});
