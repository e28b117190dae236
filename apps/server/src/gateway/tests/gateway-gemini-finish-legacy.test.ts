import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };

/** A Gemini answer whose one candidate ends with this reason. */
function geminiAnswer(finishReason: string, extra: Record<string, unknown> = {}) {
  return {
    candidates: [{ content: { role: 'model', parts: [] }, finishReason, index: 0, ...extra }],
    usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 0, totalTokenCount: 5 },
    modelVersion: 'gemini-2.5-flash',
  };
}

/** What decision 147 left: Gemini's other finish reasons and OpenAI's legacy function fields. */
describe("Gemini's finish reasons and legacy functions (decision 152)", () => {
  const f = useGatewayFixture();
  const model = 'gemini-2.5-flash';

  /** The four ways a caller asks: OpenAI plain and streamed, Anthropic plain and streamed. */
  async function askAllFour(body: unknown, ask: string): Promise<unknown[]> {
    f.mock.reset();
    for (let n = 0; n < 12; n++)
      f.mock.enqueue({ raw: { json: body, events: [{ data: body }] } }, 'gemini');
    const messages = [{ role: 'user' as const, content: ask }];
    const settle = (p: Promise<unknown>) => p.catch((e: unknown) => e);
    return [
      await settle(
        f.openai.chat.completions
          .create({ model, messages }, bypass)
          .then((a) => a.choices[0]?.finish_reason),
      ),
      await settle(
        f.openai.chat.completions
          .stream({ model, messages }, bypass)
          .finalChatCompletion()
          .then((a) => a.choices[0]?.finish_reason),
      ),
      await settle(
        f.anthropic.messages
          .create({ model, max_tokens: 50, messages }, bypass)
          .then((m) => m.stop_reason),
      ),
      await settle(
        f.anthropic.messages
          .stream({ model, max_tokens: 50, messages }, bypass)
          .finalMessage()
          .then((m) => m.stop_reason),
      ),
    ];
  }

  test('filter reasons (LANGUAGE, RECITATION, BLOCKLIST, PROHIBITED_CONTENT, SPII, image filters) read as content_filter / refusal', async () => {
    for (const reason of [
      'LANGUAGE',
      'RECITATION',
      'BLOCKLIST',
      'PROHIBITED_CONTENT',
      'SPII',
      'IMAGE_PROHIBITED_CONTENT',
    ]) {
      const seen = await askAllFour(geminiAnswer(reason), `filtered ${reason}`);
      assert.deepEqual(
        seen,
        ['content_filter', 'content_filter', 'refusal', 'refusal'],
        `${reason}: ${seen.map(String).join(', ')}`,
      );
    }
  });

  test("a malformed function call is an error every caller reads, with Gemini's reason and message", async () => {
    const finishMessage = 'Malformed function call: Failed to parse function call';
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'MALFORMED_FUNCTION_CALL',
        { finishMessage },
        /MALFORMED_FUNCTION_CALL: Malformed function call: Failed to parse/,
      ],
      [
        'UNEXPECTED_TOOL_CALL',
        {},
        /UNEXPECTED_TOOL_CALL: the model called a tool though none was enabled/,
      ],
      ['TOO_MANY_TOOL_CALLS', {}, /TOO_MANY_TOOL_CALLS/],
      ['OTHER', {}, /ended the answer with OTHER/],
    ];
    for (const [reason, extra, message] of cases) {
      const [plain, streamed, claude, claudeStreamed] = await askAllFour(
        geminiAnswer(reason, extra),
        `broken ${reason}`,
      );
      assert.ok(plain instanceof OpenAI.APIError, `${reason}: ${String(plain)}`);
      assert.equal(plain.status, 502, reason);
      assert.match(plain.message, message);
      assert.equal(plain.code, reason.toLowerCase());
      assert.ok(streamed instanceof Error, `${reason} streamed: ${String(streamed)}`);
      assert.match(streamed.message, message);
      assert.ok(claude instanceof Anthropic.APIError, `${reason} anthropic: ${String(claude)}`);
      assert.equal(claude.status, 502, reason);
      assert.match(claude.message, message);
      assert.ok(claudeStreamed instanceof Error, `${reason} anthropic streamed`);
      assert.match(claudeStreamed.message, message);
    }
    const row = (await f.logs())[0];
    assert.equal(row?.status, 'error');
    assert.match(row?.error_message ?? '', /OTHER/);
  });

  for (const provider of ['gemini', 'mistral', 'anthropic'] as const) {
    test(`${provider}: legacy functions / function_call become tools, and the call comes back as a function_call`, async () => {
      const chatModel = {
        gemini: 'gemini-2.5-flash',
        mistral: 'mistral-small-latest',
        anthropic: 'claude-sonnet-4-5',
      }[provider];
      const functions = [
        {
          name: 'get_weather',
          description: 'The weather in a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      ];
      const question = { role: 'user' as const, content: `Weather in Oslo? (${provider})` };
      const call = { name: 'get_weather', arguments: { city: 'Oslo' } };
      f.mock.reset();
      f.mock.enqueue({ toolCall: call }, provider);
      f.mock.enqueue({ toolCall: call }, provider);
      const params = {
        model: chatModel,
        messages: [question],
        functions,
        function_call: { name: 'get_weather' },
      };
      const plain = await f.openai.chat.completions.create(params, bypass);
      const sent = f.mock.calls.at(-1)?.parsed;
      assert.deepEqual(
        sent?.toolNames,
        ['get_weather'],
        `${provider}: the function reached it as a tool`,
      );
      const body = f.mock.calls.at(-1)?.body as Record<string, unknown>;
      assert.equal(body.functions, undefined, provider);
      assert.equal(body.function_call, undefined, provider);
      if (provider === 'mistral')
        assert.deepEqual(body.tool_choice, { type: 'function', function: { name: 'get_weather' } });
      else if (provider === 'anthropic')
        assert.deepEqual(body.tool_choice, { type: 'tool', name: 'get_weather' });
      else
        assert.deepEqual(body.toolConfig, {
          functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] },
        });
      const message = plain.choices[0]?.message;
      assert.equal(plain.choices[0]?.finish_reason, 'function_call', provider);
      assert.equal(message?.function_call?.name, 'get_weather', provider);
      assert.deepEqual(JSON.parse(message?.function_call?.arguments ?? '{}'), { city: 'Oslo' });
      assert.equal(message?.tool_calls, undefined, `${provider}: in the form the caller asked in`);

      const streamed = await f.openai.chat.completions.stream(params, bypass).finalChatCompletion();
      assert.equal(streamed.choices[0]?.finish_reason, 'function_call', provider);
      assert.equal(streamed.choices[0]?.message.function_call?.name, 'get_weather', provider);

      // The caller answers the call the legacy way, and the conversation goes on.
      const after = await f.openai.chat.completions.create(
        {
          model: chatModel,
          functions,
          messages: [
            question,
            { role: 'assistant', content: null, function_call: message?.function_call },
            { role: 'function', name: 'get_weather', content: 'sunny, 21C' },
          ],
        },
        bypass,
      );
      assert.match(after.choices[0]?.message.content ?? '', /sunny, 21C/, provider);
    });
  }

  test('MISSING_THOUGHT_SIGNATURE is a 400 that says what to send back', async () => {
    const [plain] = await askAllFour(geminiAnswer('MISSING_THOUGHT_SIGNATURE'), 'unsigned');
    assert.ok(plain instanceof OpenAI.BadRequestError, String(plain));
    assert.match(plain.message, /thought signature/);
  });
});
