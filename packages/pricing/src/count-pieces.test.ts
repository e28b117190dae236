import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadEncoding } from './bpe-ranks.ts';
import { plainTextCounter } from './count-pieces.ts';

/** Made-up words, deterministic: most of them are split by byte-pair merging, not found whole. */
function madeUpWords(count: number, seed: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const size = 1 + Math.floor(next() * 12);
    let word = '';
    for (let j = 0; j < size; j++) word += String.fromCharCode(97 + Math.floor(next() * 26));
    words.push(next() < 0.1 ? word.toUpperCase() : word);
  }
  return words.join(next() < 0.5 ? ' ' : '  ');
}

const TEXTS = [
  '',
  'Hello, world!',
  'Summarise the attached report in three bullet points, then list any action items.',
  "It's a dog's life — isn't it? They'll say we'd've known.",
  'function add(a: number, b: number): number {\n  return a + b;\n}\n\n\tconst x = add(1, 2);',
  'Prices rose 12.5% to $1,234,567.89 on 2026-11-26 at 09:30:00Z.',
  'Ünïcödé façade naïve café — 東京都の天気は晴れです。 Привет, мир! مرحبا بالعالم',
  'Emoji 🤖🚀 and flags 🇫🇷🇯🇵 and a family 👨‍👩‍👧‍👦 in one line.',
  'The caller may paste <|endoftext|> or <|im_start|>user as plain text.',
  `trailing spaces   \n\n\n   leading ${' '.repeat(40)}and ${'\n'.repeat(5)}runs`,
  'x'.repeat(300),
  'supercalifragilisticexpialidocious antidisestablishmentarianism pneumonoultramicroscopic',
  ...Array.from({ length: 40 }, (_, i) => madeUpWords(20 + i * 7, i + 1)),
];

describe('plainTextCounter', () => {
  for (const name of ['o200k_base', 'cl100k_base'] as const) {
    it(`counts every text as gpt-tokenizer's countTokens does (${name})`, () => {
      const encoding = loadEncoding(name);
      const theirs = (text: string) =>
        encoding.countTokens(text, { disallowedSpecial: new Set<string>() });
      const ours = plainTextCounter(encoding, theirs);
      assert.notEqual(ours, theirs, 'the package no longer has the parts this counter reads');
      for (const text of TEXTS) assert.equal(ours(text), theirs(text), text.slice(0, 60));
    });
  }

  it('counts the same once pieces are remembered, and after the memo fills and empties', () => {
    const encoding = loadEncoding('o200k_base');
    const theirs = (text: string) =>
      encoding.countTokens(text, { disallowedSpecial: new Set<string>() });
    const ours = plainTextCounter(encoding, theirs);
    // 15,000 distinct made-up words overflow the 10,000 remembered pieces at least once.
    const many = madeUpWords(15_000, 99);
    for (const text of [...TEXTS, many, ...TEXTS, many, ...TEXTS])
      assert.equal(ours(text), theirs(text), text.slice(0, 60));
  });
});
