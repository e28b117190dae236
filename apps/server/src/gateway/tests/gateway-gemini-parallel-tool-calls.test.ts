import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from './use-gateway-fixture.ts';

// Decisions 152 and 242: Gemini has no switch for one call per turn. `parallel_tool_calls: false`
// is not sent (refusing it would fail the agent frameworks that always send it) and the calls
// Gemini writes all reach the caller (dropping all but the first would change what the model
// planned). A guard: it passed before; the docs say Gemini may still answer with several calls.
describe('parallel_tool_calls: false to Gemini (decision 242)', () => {
  const f = useGatewayFixture();
  const tools = [
    {
      type: 'function' as const,
      function: {
        name: 'weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    },
  ];
  const twoCalls = {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { name: 'weather', args: { city: 'Oslo' } } },
            { functionCall: { name: 'weather', args: { city: 'Lima' } } },
          ],
        },
        finishReason: 'STOP',
      },
    ],
    usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 10, totalTokenCount: 30 },
  };

  test('not sent; every call Gemini wrote comes back', async () => {
    f.mock.enqueue({ raw: { json: twoCalls } }, 'gemini');
    const answer = await f.openai.chat.completions.create(
      {
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'Weather in Oslo and Lima?' }],
        tools,
        parallel_tool_calls: false,
      },
      { headers: { 'x-tokenwise-cache': 'bypass' } },
    );
    const sent = JSON.stringify(f.mock.calls.at(-1)?.body);
    assert.ok(!/parallel/i.test(sent), sent);
    const calls = answer.choices[0]?.message.tool_calls ?? [];
    assert.deepEqual(
      calls.map((c) => (c.type === 'function' ? c.function.arguments : '')),
      ['{"city":"Oslo"}', '{"city":"Lima"}'],
    );
    assert.equal(answer.choices[0]?.finish_reason, 'tool_calls');
  });
});
