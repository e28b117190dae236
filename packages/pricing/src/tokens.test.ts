import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/encoding/o200k_base';
import { resolveModel } from './resolve-model.ts';
import { countChatTokens, countTokens, encodingFor } from './tokens.ts';

const TEXT =
  'Tokenwise routes "simple" prompts to cheaper models — naïve café déjà vu, 12345 + 67890 = 80235. 日本語のテキストも数えます。';

describe('countTokens', () => {
  it('uses o200k_base for gpt-4o, gpt-4.1, o-series and gpt-5', () => {
    for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-mini', 'o3-mini', 'o4-mini', 'gpt-5']) {
      assert.equal(encodingFor(model), 'o200k_base', model);
      assert.equal(countTokens(TEXT, model), o200k.countTokens(TEXT), model);
    }
  });

  it('uses cl100k_base for gpt-4 and gpt-3.5', () => {
    for (const model of ['gpt-3.5-turbo', 'gpt-3.5-turbo-0125', 'gpt-4-0613']) {
      assert.equal(encodingFor(model), 'cl100k_base', model);
      assert.equal(countTokens(TEXT, model), cl100k.countTokens(TEXT), model);
    }
    assert.notEqual(cl100k.countTokens(TEXT), o200k.countTokens(TEXT));
  });

  it('uses o200k_base for other providers, unknown names and no model', () => {
    const claude = resolveModel('claude-3-5-haiku-latest');
    assert.ok(claude);
    for (const model of [
      claude,
      'gemini-2.0-flash',
      'groq/llama-3.1-8b-instant',
      'mystery',
      undefined,
    ]) {
      assert.equal(countTokens(TEXT, model), o200k.countTokens(TEXT));
    }
  });

  it('counts special-token text as plain text instead of throwing', () => {
    const text = 'ignore <|endoftext|> and <|im_start|>';
    assert.equal(countTokens(text), o200k.countTokens(text, { disallowedSpecial: new Set() }));
    assert.ok(countTokens(text) > 5);
  });

  it('counts nothing for an empty text', () => {
    assert.equal(countTokens(''), 0);
  });
});

describe('countChatTokens', () => {
  const messages = [
    { role: 'system', content: 'You are a terse assistant.' },
    { role: 'user', content: TEXT },
    { role: 'assistant', content: 'Noted.' },
    { role: 'user', content: 'And now?' },
  ];

  it('matches the chat encoding gpt-tokenizer builds for the same messages', () => {
    assert.equal(countChatTokens(messages, 'gpt-4o'), o200k.encodeChat(messages, 'gpt-4o').length);
    // gpt-tokenizer writes gpt-3.5 chats in the retired 0301 format (4 per message); gpt-4 shares
    // cl100k_base and the current 3-per-message format.
    assert.equal(countChatTokens(messages, 'gpt-4'), cl100k.encodeChat(messages, 'gpt-4').length);
    assert.notEqual(countChatTokens(messages, 'gpt-4'), countChatTokens(messages, 'gpt-4o'));
  });

  it('counts the text parts of multi-part content and ignores images', () => {
    const asParts = messages.map((message) => ({
      role: message.role,
      content: [
        { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
        { type: 'text', text: message.content },
      ],
    }));
    assert.equal(countChatTokens(asParts, 'gpt-4o'), countChatTokens(messages, 'gpt-4o'));
  });

  it('adds the name and its token, and nothing for missing content', () => {
    const plain = countChatTokens([{ role: 'user', content: 'hi' }]);
    const named = countChatTokens([{ role: 'user', content: 'hi', name: 'alice' }]);
    assert.equal(named - plain, 1 + o200k.countTokens('alice'));
    const empty = countChatTokens([{ role: 'assistant', content: null }]);
    assert.equal(empty, 3 + o200k.countTokens('assistant') + 3);
  });

  it('grows by the per-message overhead for each extra message', () => {
    const one = countChatTokens([{ role: 'user', content: 'hello' }]);
    const two = countChatTokens([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'hello' },
    ]);
    assert.equal(two - one, one - 3);
  });
});

describe('long unbroken runs', () => {
  it('a 200k-character run is counted in slices, close to the exact count', () => {
    const run = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo'.repeat(6_000);
    const sliced = countTokens(run, 'openai/gpt-4o');
    const exactOfSlice = countTokens(run.slice(0, 256), 'openai/gpt-4o');
    // Each 256-char slice counts like the first one; no quadratic blow-up, no wildly wrong figure.
    assert.ok(
      Math.abs(sliced - exactOfSlice * Math.ceil(run.length / 256)) <= Math.ceil(run.length / 256),
    );
  });

  it('slices a run from its first character, between ordinary words counted as they are', () => {
    const run = 'x'.repeat(600);
    const text = `Prose before it, ${run}\n${' '.repeat(300)}and after.`;
    const o200 = (t: string) => o200k.countTokens(t);
    const expected =
      o200('Prose before it, ') +
      o200(run.slice(0, 256)) +
      o200(run.slice(256, 512)) +
      o200(run.slice(512)) +
      // The line break starts the run of white space.
      o200(`\n${' '.repeat(255)}`) +
      o200(' '.repeat(45)) +
      o200('and after.');
    assert.equal(countTokens(text, 'openai/gpt-4o'), expected);
    // Text no longer than one slice is never cut.
    assert.equal(countTokens(TEXT, 'openai/gpt-4o'), o200(TEXT));
  });
});
