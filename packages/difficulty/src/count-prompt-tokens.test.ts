import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { countPromptTokens } from './count-prompt-tokens.ts';

describe('countPromptTokens', () => {
  it('matches o200k_base exactly on ordinary text and code', () => {
    const samples = [
      'Hello, world!',
      'Explain how TCP congestion control works, in detail.',
      'def f(x):\n    return {"a": [1, 2, 3], "b": x ** 2}\n',
      'Grüße aus München — 日本語のテキストも含む。',
    ];
    for (const text of samples) assert.equal(countPromptTokens(text), countTokens(text));
  });

  it('counts special-token text as text', () => {
    assert.ok(countPromptTokens('a <|endoftext|> b') > 3);
  });

  it('stays within a token per slice on a long unbroken run', () => {
    const run = `key: ${'QUJDRGVmZ2hpams'.repeat(200)} end`;
    const exact = countTokens(run);
    const sliced = countPromptTokens(run);
    const slices = Math.ceil(run.length / 256);
    assert.ok(Math.abs(sliced - exact) <= slices, `exact ${exact}, sliced ${sliced}`);
  });
});
