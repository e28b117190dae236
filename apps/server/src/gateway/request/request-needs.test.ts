import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { countChatTokens, countTokens, listModels, resolveModel } from '@tokenwise/pricing';
import type { ChatCompletionRequest, ContentPart } from '../types.ts';
import { NON_TEXT_PART_TOKENS } from './prompt-pieces.ts';
import { REASONING_ROOM_AT_MEDIUM, requestNeeds, UNASKED_OUTPUT_TOKENS } from './request-needs.ts';
import { pngHeader, toDataUrl } from './testing/image-headers.ts';

const model = resolveModel('openai/gpt-4o');
const request = (content: string): ChatCompletionRequest =>
  ({ model: 'openai/gpt-4o', messages: [{ role: 'user', content }] }) as ChatCompletionRequest;

describe('requestNeeds: the context a model must hold', () => {
  test('a short prompt is bounded without the tokenizer, below every window of the provider', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    const needs = requestNeeds(request('Summarise this paragraph in one line, please.'), model);
    const exact = countChatTokens(request('x').messages, model);
    assert.ok((needs.minContext ?? 0) >= exact + UNASKED_OUTPUT_TOKENS);
    // OpenAI's smallest chat window is 16,385 tokens: a bound under it excludes no model.
    assert.ok((needs.minContext ?? 0) <= 16_385);
  });

  test('a prompt near a window is counted exactly', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    // ~20 K bytes but far fewer tokens: the bytes would exclude 16 K-window models, the count does not.
    const long = request('hello world '.repeat(1_700));
    const needs = requestNeeds(long, model);
    assert.equal(needs.minContext, countChatTokens(long.messages, model) + UNASKED_OUTPUT_TOKENS);
    // A caller's max_tokens is the room kept instead, however small.
    const capped = requestNeeds({ ...long, max_tokens: 50 }, model);
    assert.equal(capped.minContext, countChatTokens(long.messages, model) + 50);
  });

  // Before: the count near a window read text parts only (decision 167).
  test('near a window, a tool result’s search results and images count as the quota estimate counts them', () => {
    const claude = resolveModel('anthropic/claude-sonnet-4-6');
    if (!claude) throw new Error('Claude Sonnet 4.6 is in the catalog');
    const passage = 'The harbour master logged the cargo of every ship at pier seven. '.repeat(800);
    const searchResult = {
      type: 'search_result',
      source: 'https://reports.example.com/harbour',
      title: 'Harbour report',
      content: [{ type: 'text', text: passage }],
    } as unknown as ContentPart;
    const image = {
      type: 'image_url',
      image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' },
    } as ContentPart;
    const withTool = {
      model: 'anthropic/claude-sonnet-4-6',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Search the harbour reports.' },
        { role: 'tool', tool_call_id: 't1', content: [searchResult, image] },
      ],
    } as ChatCompletionRequest;
    const needs = requestNeeds(withTool, claude);
    const floor = countTokens(passage, claude) + 2 * NON_TEXT_PART_TOKENS + 100;
    assert.ok((needs.minContext ?? 0) >= floor, `${needs.minContext} < ${floor}`);
  });

  // Before: every image counted 1,000 tokens, whatever its size and the provider (decision 175).
  test('near a window, an image counts by its size and the provider’s rule', () => {
    const claude = resolveModel('anthropic/claude-sonnet-4-6');
    const gpt = resolveModel('openai/gpt-4o');
    if (!claude || !gpt) throw new Error('Claude Sonnet 4.6 and GPT-4o are in the catalog');
    // Over EXACT_COUNT_CHARS, so the tokenizer counts the text with or without the images.
    const question = 'hello world '.repeat(3_000);
    const photo = toDataUrl('image/png', pngHeader(4032, 3024));
    const withImages = (model: string, detail?: string): ChatCompletionRequest => ({
      model,
      max_tokens: 100,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: question },
            ...Array.from({ length: 20 }, () => ({
              type: 'image_url' as const,
              image_url: { url: photo, ...(detail && { detail }) },
            })),
          ],
        },
      ],
    });
    const textOnly = (m: typeof claude) =>
      requestNeeds(
        {
          ...withImages(m.qualifiedId),
          messages: [{ role: 'user', content: question }],
        },
        m,
      ).minContext ?? 0;
    // Claude: 4032 × 3024 is scaled to ~1,600 tokens; OpenAI high detail: 1024 × 768, 4 tiles.
    const onClaude = requestNeeds(withImages(claude.qualifiedId), claude).minContext ?? 0;
    assert.equal(onClaude - textOnly(claude), 20 * 1_600);
    const onGpt = requestNeeds(withImages(gpt.qualifiedId), gpt).minContext ?? 0;
    assert.equal(onGpt - textOnly(gpt), 20 * (85 + 170 * 4));
    const low = requestNeeds(withImages(gpt.qualifiedId, 'low'), gpt).minContext ?? 0;
    assert.equal(low - textOnly(gpt), 20 * 85);
  });

  // Before: a reasoning model named without max_completion_tokens kept 4,096 tokens of room, which
  // its hidden reasoning alone often passes (decision 175).
  test('a reasoning model without max_completion_tokens keeps room for its reasoning, by effort', () => {
    const o3 = resolveModel('openai/o3');
    if (!o3 || !model) throw new Error('o3 and GPT-4o are in the catalog');
    // Over EXACT_COUNT_CHARS, so the tokenizer counts the prompt whatever the room.
    const long = { ...request('hello world '.repeat(3_000)), model: 'openai/o3' };
    const prompt = countChatTokens(long.messages, o3);
    const room = (extra: Partial<ChatCompletionRequest>) =>
      (requestNeeds({ ...long, ...extra }, o3).minContext ?? 0) - prompt;
    assert.equal(room({}), REASONING_ROOM_AT_MEDIUM, 'medium is the default effort');
    assert.equal(room({ reasoning_effort: 'medium' }), 25_000);
    assert.equal(room({ reasoning_effort: 'low' }), 12_500);
    assert.equal(room({ reasoning_effort: 'high' }), 50_000);
    // At most what o3 may write (100,000), and `none` keeps the plain answer room.
    assert.equal(room({ reasoning_effort: 'max' }), 100_000);
    assert.equal(room({ reasoning_effort: 'none' }), UNASKED_OUTPUT_TOKENS);
    // The caller's own limit holds reasoning and answer: it stays the room.
    assert.equal(room({ max_completion_tokens: 50 }), 50);
    // A model that does not reason keeps 4,096 as before.
    const plain = requestNeeds(request('hello world '.repeat(3_000)), model).minContext ?? 0;
    assert.equal(plain - countChatTokens(long.messages, model), UNASKED_OUTPUT_TOKENS);
  });

  // Before: 4,096 tokens were kept whatever the effort, while Claude is sent the thinking budget
  // beside them (decision 169).
  test('without max_tokens, a reasoning effort keeps its thinking budget beside the answer room', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    const long = request('hello world '.repeat(1_700));
    const plain = requestNeeds(long, model).minContext ?? 0;
    const high = requestNeeds({ ...long, reasoning_effort: 'high' }, model).minContext ?? 0;
    assert.equal(high - plain, 4_096, 'high: a 4,096-token budget');
    const none = requestNeeds({ ...long, reasoning_effort: 'none' }, model).minContext ?? 0;
    assert.equal(none, plain);
    // The caller's own max_tokens holds the thinking too: nothing is added to it.
    const capped = requestNeeds({ ...long, reasoning_effort: 'high', max_tokens: 50 }, model);
    assert.equal(capped.minContext, countChatTokens(long.messages, model) + 50);
  });

  // Before: near a window only the messages were counted (decision 169).
  test('near a window, tool definitions and the reply schema count too', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    const long = request('hello world '.repeat(1_700));
    const plain = requestNeeds(long, model).minContext ?? 0;
    const parameters = {
      type: 'object',
      properties: { city: { type: 'string', description: 'word '.repeat(2_000) } },
    };
    const tools = [{ type: 'function', function: { name: 'weather', parameters } }];
    const withTools = requestNeeds({ ...long, tools } as ChatCompletionRequest, model);
    assert.ok((withTools.minContext ?? 0) - plain >= 2_000, `${withTools.minContext} vs ${plain}`);
    const response_format = {
      type: 'json_schema',
      json_schema: { name: 'answer', schema: parameters },
    };
    const withSchema = requestNeeds({ ...long, response_format } as ChatCompletionRequest, model);
    assert.ok(
      (withSchema.minContext ?? 0) - plain >= 2_000,
      `${withSchema.minContext} vs ${plain}`,
    );
  });

  test('every model routing may pick can write the answer room kept when max_tokens is unset', () => {
    for (const m of listModels()) {
      const limit = m.capabilities.maxOutputTokens;
      if (limit !== undefined) assert.ok(limit >= UNASKED_OUTPUT_TOKENS, m.id);
    }
  });
});

describe('requestNeeds: what the routed model must read and write', () => {
  test('a PDF (a file part) needs a vision model: providers read its pages as images', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    const withPdf = {
      model: 'openai/gpt-4o',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Summarise' },
            { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=' } },
          ],
        },
      ],
    } as ChatCompletionRequest;
    assert.equal(requestNeeds(withPdf, model).vision, true);
    assert.equal(requestNeeds(request('Summarise'), model).vision, false);
    // An Anthropic caller's PDF by URL or file id stays a `document` part (decision 137).
    const byUrl = {
      ...withPdf,
      messages: [
        {
          role: 'user',
          content: [{ type: 'document', source: { type: 'url', url: 'https://x.test/a.pdf' } }],
        },
      ],
    } as ChatCompletionRequest;
    assert.equal(requestNeeds(byUrl, model).vision, true);
  });

  test('max_tokens or max_completion_tokens is the output the model must be allowed to write', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    assert.equal(requestNeeds({ ...request('hi'), max_tokens: 9_000 }, model).maxOutput, 9_000);
    assert.equal(
      requestNeeds({ ...request('hi'), max_completion_tokens: 20_000 }, model).maxOutput,
      20_000,
    );
    assert.equal(requestNeeds(request('hi'), model).maxOutput, undefined);
  });
});

describe('requestNeeds: OpenAI efforts only some lines take (decision 227)', () => {
  test("'none', 'minimal' and 'xhigh' keep the request in its model's line; low to high do not", () => {
    const gpt51 = resolveModel('openai/gpt-5.1');
    if (!gpt51) throw new Error('gpt-5.1 is in the catalog');
    const ask = (reasoning_effort?: string) =>
      requestNeeds({ ...request('Hi'), model: 'openai/gpt-5.1', reasoning_effort }, gpt51).family;
    // Before: 'none' could be routed to gpt-5-nano, which refuses it with a 400.
    for (const effort of ['none', 'minimal', 'xhigh']) assert.equal(ask(effort), 'gpt-5.1', effort);
    for (const effort of [undefined, 'low', 'medium', 'high']) assert.equal(ask(effort), undefined);
  });
});
