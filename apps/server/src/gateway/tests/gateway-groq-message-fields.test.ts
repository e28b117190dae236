import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type OpenAI from 'openai';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * Groq refuses any message property it does not list (decision 202); agents send the history back
 * as their SDK gave it. Through the official `openai` client, the real gateway and the mock's Groq,
 * which refuses unknown properties as Groq does.
 */
describe('a history from other providers goes on with Groq (decision 202)', () => {
  const f = useGatewayFixture();
  const WEATHER = {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  };
  const tools = [{ type: 'function' as const, function: WEATHER }];
  const sentToGroq = () =>
    (f.mock.calls.at(-1)?.body as { messages?: Record<string, unknown>[] } | undefined)?.messages ??
    [];

  test("GPT's answers as the SDK gave them (refusal, annotations, audio) reach Groq without them", async () => {
    f.mock.reset();
    const question: Message = { role: 'user', content: 'Weather in Paris?', name: 'ana' };
    f.mock.enqueue({ toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } }, 'openai');
    const first = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [question],
      tools,
    });
    const call = first.choices[0]?.message;
    assert.ok(call?.tool_calls?.[0]);
    assert.deepEqual([call.refusal, call.annotations], [null, []], "OpenAI's own fields");
    const history: Message[] = [
      question,
      { ...call, audio: null } as Message,
      { role: 'tool', tool_call_id: call.tool_calls[0].id, content: 'rain, 12C' },
    ];
    const said = await f.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: history,
    });
    const answer = { ...said.choices[0]?.message, audio: null } as Message;
    const next = await f.openai.chat.completions.create({
      model: 'groq/llama-3.1-8b-instant',
      tools,
      messages: [...history, answer, { role: 'user', content: 'And tomorrow?' }],
    });
    assert.match(next.choices[0]?.message.content ?? '', /tomorrow/);
    const sent = sentToGroq();
    assert.deepEqual(Object.keys(sent[0] ?? {}).sort(), ['content', 'name', 'role']);
    assert.deepEqual(Object.keys(sent[1] ?? {}).sort(), ['content', 'role', 'tool_calls']);
    assert.deepEqual(Object.keys(sent[3] ?? {}).sort(), ['content', 'role']);
  });

  test("DeepSeek's reasoning_content and OpenRouter's reasoning_details are dropped; Groq's reasoning is kept", async () => {
    f.mock.reset();
    const thought = {
      role: 'assistant',
      content: 'Four.',
      reasoning: '2 + 2',
      reasoning_content: 'Adding two and two',
      reasoning_details: [{ type: 'reasoning.text', text: '2 + 2' }],
    } as Message;
    const next = await f.openai.chat.completions.create({
      model: 'groq/llama-3.1-8b-instant',
      messages: [
        { role: 'user', content: 'Two plus two?' },
        thought,
        { role: 'user', content: 'Sure?' },
      ],
    });
    assert.match(next.choices[0]?.message.content ?? '', /Sure/);
    assert.deepEqual(sentToGroq()[1], { role: 'assistant', content: 'Four.', reasoning: '2 + 2' });
  });
});
