import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { GatewayFixture } from './gateway-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

// The mock signs like Gemini 3 for this model and refuses a tool-use turn that lost a signature.
const GEMINI_3 = 'gemini-3-pro-preview';
const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'check_flight',
      parameters: { type: 'object', properties: { flight: { type: 'string' } } },
    },
  },
];
const CHECK_FLIGHT = { name: 'check_flight', arguments: { flight: 'AA100' } };

/** `extra_content.google.thought_signature` of a tool call, delta or message; the SDK keeps it. */
const signatureOf = (value: unknown) =>
  (value as { extra_content?: { google?: { thought_signature?: string } } } | undefined)
    ?.extra_content?.google?.thought_signature;

type GeminiContent = { role: string; parts: Record<string, unknown>[] };
const contentsSent = (f: GatewayFixture) =>
  (f.mock.calls.at(-1)?.body as { contents?: GeminiContent[] } | undefined)?.contents ?? [];

describe('Gemini thought signatures through the gateway (openai SDK)', () => {
  const f = useGatewayFixture();

  test('a signed tool call comes back with its signature, and the follow-up carries it to Gemini', async () => {
    f.mock.enqueue({ toolCall: CHECK_FLIGHT }, 'gemini');
    const question: ChatCompletionMessageParam = { role: 'user', content: 'Is flight AA100 late?' };
    const first = await f.openai.chat.completions.create({
      model: GEMINI_3,
      messages: [question],
      tools: TOOLS,
    });
    const message = first.choices[0]?.message;
    const call = message?.tool_calls?.[0];
    assert.ok(message && call, 'a tool call');
    const signature = signatureOf(call);
    assert.ok(signature, 'extra_content.google.thought_signature on the tool call');

    // The caller sends the message back as the SDK gave it, which is how agents keep history.
    const second = await f.openai.chat.completions.create({
      model: GEMINI_3,
      tools: TOOLS,
      messages: [
        question,
        message,
        { role: 'tool', tool_call_id: call.id, content: '{"status":"delayed"}' },
      ],
    });
    assert.match(second.choices[0]?.message.content ?? '', /delayed/);
    assert.deepEqual(contentsSent(f)[1], {
      role: 'model',
      parts: [
        {
          functionCall: { name: 'check_flight', args: { flight: 'AA100' } },
          thoughtSignature: signature,
        },
      ],
    });
  });

  test('a cached signed tool call is served with its signature, streamed or not, and works when sent back', async () => {
    const question: ChatCompletionMessageParam = {
      role: 'user',
      content: 'Is flight BA249 on time today?',
    };
    const ask = { model: GEMINI_3, messages: [question], tools: TOOLS };
    // A streamed answer fills the cache; the same question is then answered from it, both ways.
    f.mock.enqueue(
      { toolCall: { name: 'check_flight', arguments: { flight: 'BA249' } } },
      'gemini',
    );
    const streamed = await f.openai.chat.completions.create({ ...ask, stream: true });
    let original: string | undefined;
    for await (const chunk of streamed) {
      original ??= signatureOf(chunk.choices[0]?.delta.tool_calls?.[0]);
    }
    assert.ok(original, 'signed when fresh');
    const calls = f.mock.calls.length;

    const { data: hit, response } = await f.openai.chat.completions.create(ask).withResponse();
    assert.equal(response.headers.get('x-cache'), 'HIT');
    const message = hit.choices[0]?.message;
    const call = message?.tool_calls?.[0];
    assert.ok(message && call);
    assert.equal(signatureOf(call), original, 'the cached call keeps its signature');

    const replay = await f.openai.chat.completions.create({ ...ask, stream: true });
    let replayed: string | undefined;
    for await (const chunk of replay) {
      replayed ??= signatureOf(chunk.choices[0]?.delta.tool_calls?.[0]);
    }
    assert.equal(replayed, original, 'a streamed cache hit carries it too');
    assert.equal(f.mock.calls.length, calls, 'both answered from the cache');

    const next = await f.openai.chat.completions.create({
      model: GEMINI_3,
      tools: TOOLS,
      messages: [
        question,
        message,
        { role: 'tool', tool_call_id: call.id, content: '{"status":"on time"}' },
      ],
    });
    assert.match(next.choices[0]?.message.content ?? '', /on time/);
  });

  test('streamed: the signature is in the tool call first delta and works when sent back', async () => {
    f.mock.enqueue(
      { toolCall: { name: 'check_flight', arguments: { flight: 'LH400' } } },
      'gemini',
    );
    const question: ChatCompletionMessageParam = {
      role: 'user',
      content: 'Stream me the status of LH400',
    };
    const stream = await f.openai.chat.completions.create({
      model: GEMINI_3,
      stream: true,
      messages: [question],
      tools: TOOLS,
    });
    const deltas = [];
    for await (const chunk of stream) deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
    const firstDelta = deltas.find((d) => d.index === 0);
    const signature = signatureOf(firstDelta);
    assert.ok(firstDelta?.id && signature, 'the first delta of call 0 carries id and signature');

    // Assembled the way a streaming client does: id and extra_content from the first delta.
    const call = {
      id: firstDelta.id,
      type: 'function' as const,
      function: {
        name: deltas.map((d) => d.function?.name ?? '').join(''),
        arguments: deltas.map((d) => d.function?.arguments ?? '').join(''),
      },
      extra_content: (firstDelta as { extra_content?: unknown }).extra_content,
    };
    const assistant: ChatCompletionAssistantMessageParam = {
      role: 'assistant',
      content: null,
      tool_calls: [call],
    };
    const followUp = await f.openai.chat.completions.create({
      model: GEMINI_3,
      stream: true,
      tools: TOOLS,
      messages: [
        question,
        assistant,
        { role: 'tool', tool_call_id: firstDelta.id, content: '{"status":"on time"}' },
      ],
    });
    let text = '';
    for await (const chunk of followUp) text += chunk.choices[0]?.delta.content ?? '';
    assert.match(text, /on time/);
    assert.equal(contentsSent(f)[1]?.parts[0]?.thoughtSignature, signature);
  });

  test("without the signature Gemini's 400 reaches the caller as an OpenAI error", async () => {
    const request = f.openai.chat.completions.create({
      model: GEMINI_3,
      tools: TOOLS,
      messages: [
        { role: 'user', content: 'Has BA117 left yet?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'check_flight', arguments: '{"flight":"BA117"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"status":"boarding"}' },
      ],
    });
    await assert.rejects(request, (err: unknown) => {
      assert.ok(err instanceof OpenAI.APIError);
      assert.equal(err.status, 400);
      assert.equal(err.type, 'invalid_request_error');
      assert.match(err.message, /check_flight.*missing a `thought_signature`/);
      return true;
    });
  });

  test("a signed answer text comes back on the message and returns on Gemini's text part", async () => {
    const question: ChatCompletionMessageParam = { role: 'user', content: 'Name a fast airline' };
    const first = await f.openai.chat.completions.create({ model: GEMINI_3, messages: [question] });
    const message = first.choices[0]?.message;
    const signature = signatureOf(message);
    assert.ok(message && signature, 'extra_content.google.thought_signature on the message');

    await f.openai.chat.completions.create({
      model: GEMINI_3,
      messages: [question, message, { role: 'user', content: 'And a slow one?' }],
    });
    assert.deepEqual(contentsSent(f)[1], {
      role: 'model',
      parts: [{ text: message.content, thoughtSignature: signature }],
    });
  });

  test('other providers never receive extra_content', async () => {
    // Google's fields ride where the SDK types have no room for them, as they do in real callers.
    const call = {
      id: 'call_7',
      type: 'function' as const,
      function: { name: 'check_flight', arguments: '{"flight":"AF22"}' },
      extra_content: { google: { thought_signature: 'sig-call' } },
    };
    const signedText = {
      role: 'assistant' as const,
      content: 'Checking.',
      extra_content: { google: { thought_signature: 'sig-text' } },
    };
    const assistant: ChatCompletionAssistantMessageParam = { ...signedText, tool_calls: [call] };
    const models = [
      ['openai', 'openai/gpt-4o-mini'],
      ['mistral', 'mistral-small-latest'],
      ['groq', 'groq/llama-3.1-8b-instant'],
      ['anthropic', 'claude-3-5-haiku-latest'],
    ] as const;
    for (const [provider, model] of models) {
      f.mock.reset();
      await f.openai.chat.completions.create({
        model,
        tools: TOOLS,
        messages: [
          { role: 'user', content: 'Is AF22 on time?' },
          assistant,
          { role: 'tool', tool_call_id: 'call_7', content: '{"status":"on time"}' },
        ],
      });
      const sent = JSON.stringify(f.mock.calls[0]?.body);
      assert.equal(f.mock.calls[0]?.provider, provider);
      assert.match(sent, /AF22/, `${provider}: the tool call itself still goes`);
      assert.doesNotMatch(sent, /extra_content|thought_signature|sig-/, provider);
    }
  });
  test('Anthropic SDK callers of Gemini 3 get the signature on tool_use blocks and send it back, streamed or not', async () => {
    const tools = [
      {
        name: 'check_flight',
        input_schema: { type: 'object' as const, properties: { flight: { type: 'string' } } },
      },
    ];
    for (const stream of [false, true]) {
      const flight = stream ? 'KL643' : 'AF006';
      f.mock.enqueue({ toolCall: { name: 'check_flight', arguments: { flight } } }, 'gemini');
      const question = { role: 'user' as const, content: `Anthropic SDK asks: is ${flight} late?` };
      const ask = { model: GEMINI_3, max_tokens: 500, tools, messages: [question] };
      const answer = stream
        ? await f.anthropic.messages.stream(ask).finalMessage()
        : await f.anthropic.messages.create(ask);
      const toolUse = answer.content.find((b) => b.type === 'tool_use');
      assert.ok(toolUse && toolUse.type === 'tool_use', 'a tool_use block');
      const signature = signatureOf(toolUse);
      assert.ok(signature, `signature on the tool_use block (stream: ${stream})`);

      // The usual agent loop: the assistant content goes back exactly as the SDK returned it.
      const next = await f.anthropic.messages.create({
        ...ask,
        messages: [
          question,
          { role: 'assistant', content: answer.content },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'delayed' }],
          },
        ],
      });
      assert.equal(next.content[0]?.type, 'text');
      const modelTurn = contentsSent(f).find((c) => c.role === 'model');
      const sentCall = modelTurn?.parts.find((p) => 'functionCall' in p);
      assert.equal(sentCall?.thoughtSignature, signature);
    }
  });
});
