import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { countChatTokens, resolveModel } from '@tokenwise/pricing';
import type { ChatCompletionRequest } from '../types.ts';
import { requestNeeds } from './request-needs.ts';

const model = resolveModel('openai/gpt-4o');
const request = (content: string): ChatCompletionRequest =>
  ({ model: 'openai/gpt-4o', messages: [{ role: 'user', content }] }) as ChatCompletionRequest;

describe('requestNeeds: the context a model must hold', () => {
  test('a short prompt is bounded without the tokenizer, below every window of the provider', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    const needs = requestNeeds(request('Summarise this paragraph in one line, please.'), model);
    const exact = countChatTokens(request('x').messages, model);
    assert.ok((needs.minContext ?? 0) >= exact + 1_024);
    // OpenAI's smallest chat window is 16,385 tokens: a bound under it excludes no model.
    assert.ok((needs.minContext ?? 0) <= 16_385);
  });

  test('a prompt near a window is counted exactly', () => {
    if (!model) throw new Error('gpt-4o is in the catalog');
    // ~20 K bytes but far fewer tokens: the bytes would exclude 16 K-window models, the count does not.
    const long = request('hello world '.repeat(1_700));
    const needs = requestNeeds(long, model);
    assert.equal(needs.minContext, countChatTokens(long.messages, model) + 1_024);
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
