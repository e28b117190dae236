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

  it('counts the same from its memo of pieces, before and after the memo empties', () => {
    const encoding = loadEncoding('o200k_base');
    const theirs = (text: string) =>
      encoding.countTokens(text, { disallowedSpecial: new Set<string>() });
    const ours = plainTextCounter(encoding, theirs);
    for (const text of TEXTS) assert.equal(ours(text), theirs(text), text.slice(0, 60));
    // Enough distinct pieces to fill the memo (8,192) more than once.
    const many = madeUpWords(30_000, 99);
    assert.equal(ours(many), theirs(many));
    for (const text of [...TEXTS, many]) assert.equal(ours(text), theirs(text), text.slice(0, 60));
  });

  it('merges an ASCII piece the memo does not hold into as many tokens as gpt-tokenizer does', () => {
    // Identifiers, numbers, punctuation runs and made-up words: pieces that are not one token.
    const asciiTexts = Array.from({ length: 60 }, (_, i) => {
      const words = madeUpWords(30 + i, 1_000 + i).split(' ');
      return words
        .map((w, j) => (j % 5 === 0 ? `${w}_${w.toUpperCase()}(${j * 7919});` : w))
        .join(separator(i));
    });
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const encoding = loadEncoding(name);
      const theirs = (text: string) =>
        encoding.countTokens(text, { disallowedSpecial: new Set<string>() });
      for (const text of asciiTexts) {
        // A fresh counter: every piece goes through the merge, none comes from the memo.
        assert.equal(plainTextCounter(encoding, theirs)(text), theirs(text), text.slice(0, 60));
      }
    }
  });

  it('counts the pieces `match` finds when the split pattern skips characters', () => {
    // A pattern whose pieces leave gaps ("12", " "): the pieces are not found one after another.
    const o200k = loadEncoding('o200k_base');
    const core = (o200k as unknown as { bytePairEncodingCoreProcessor: object })
      .bytePairEncodingCoreProcessor;
    const lettersOnly = {
      bytePairEncodingCoreProcessor: Object.assign(Object.create(core), {
        tokenSplitRegex: /[a-z]+/g,
      }),
    } as unknown as typeof o200k;
    const each = (text: string) =>
      (text.match(/[a-z]+/g) ?? []).reduce((sum, piece) => sum + o200k.countTokens(piece), 0);
    const ours = plainTextCounter(lettersOnly, each);
    assert.notEqual(ours, each);
    for (const text of ['', 'abc', '12 apples and 7 pears', 'x'.repeat(40), 'zzqx  qqzz 9']) {
      assert.equal(ours(text), each(text), text);
    }
  });

  it('counts with a split pattern that is already sticky, as the package would', () => {
    // A later version might ship its pattern with the `y` flag: the sticky copy must not add it twice.
    const o200k = loadEncoding('o200k_base');
    const core = (
      o200k as unknown as { bytePairEncodingCoreProcessor: { tokenSplitRegex: RegExp } }
    ).bytePairEncodingCoreProcessor;
    const sticky = new RegExp(core.tokenSplitRegex.source, `${core.tokenSplitRegex.flags}y`);
    const stickyEncoding = {
      bytePairEncodingCoreProcessor: Object.assign(Object.create(core), {
        tokenSplitRegex: sticky,
      }),
    } as unknown as typeof o200k;
    const theirs = (text: string) =>
      o200k.countTokens(text, { disallowedSpecial: new Set<string>() });
    const ours = plainTextCounter(stickyEncoding, theirs);
    for (const text of TEXTS) assert.equal(ours(text), theirs(text), text.slice(0, 60));
  });
});

describe('plainTextCounter on generated text (o200k_base, read by character code where ASCII)', () => {
  // Each kind of text the ASCII reader tells apart, and what borders it outside ASCII: accents,
  // CJK, emoji (a ZWJ family, a flag), NBSP, line and paragraph separators, combining marks,
  // ZWJ, BOM, digits and letters the pattern's \p{N} and \p{L} read (review of decision 207).
  const ATOMS = [
    ..."'s 'S 'll 'LL 'Ll n't N'T 've 're 'd 'm 't ' ''".split(' '),
    ...'HTTPServer iPhone CamelCase camelCase ABC A a Z xyz McDonald HTMLParser IOError'.split(' '),
    ...'1 12 123 1234 12345 1234567 0.5 3.14159'.split(' '),
    ...'. .. ... !? ( ) { } [ ] / // \\ - -- _ @ # $ % ^ & * + = < > | ~ ` " ; : ,'.split(' '),
    ...[' ', '  ', '   ', '\t', '\t\t', '\n', '\n\n', '\n\n\n', '\r\n', '\r', ' \n', '\t\n'],
    ...['\u000b', '\u000c', '\u0001', '\u001f', '\u007f'],
    ...['é', 'É', 'naïve', '東京', '😀', '👨‍👩‍👧', '🇫🇷', '\u00a0', '\u2028', '\u2029', '\u3000'],
    ...['\u200b', '\u200d', '\u0301', 'e\u0301', '\ufeff', '٣', '²', 'ǅ', 'ʰ', '—', '“', '…'],
  ];

  it("counts as many tokens as gpt-tokenizer's encode on every mix of them", () => {
    const encoding = loadEncoding('o200k_base');
    const plain = { disallowedSpecial: new Set<string>() };
    const ours = plainTextCounter(encoding, (text) => encoding.countTokens(text, plain));
    let seed = 207;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    for (let t = 0; t < 4_000; t += 1) {
      let text = next() < 0.2 ? ' ' : '';
      for (let i = 1 + Math.floor(next() * 25); i > 0; i -= 1) text += pick(ATOMS);
      if (next() < 0.2) text += pick([' ', '  ', '\n', ' \n', '\t', '\r\n']);
      assert.equal(ours(text), encoding.encode(text, plain).length, JSON.stringify(text));
    }
  });
});

describe('plainTextCounter on a piece longer than any run', () => {
  // The punctuation piece takes every line break and slash after it, across runs countInSlices
  // keeps short: "!\n/\n/..." was one piece, merged in time quadratic in its length (32,767
  // characters: about 1 s). Such a piece is merged in slices (review of decision 207).
  it('never merges one piece longer than a few runs, however the pattern splits', () => {
    const o200k = loadEncoding('o200k_base');
    const core = (o200k as unknown as { bytePairEncodingCoreProcessor: BpeLookup })
      .bytePairEncodingCoreProcessor;
    let longest = 0;
    const spied = {
      bytePairEncodingCoreProcessor: Object.assign(Object.create(core), {
        getBpeRankFromString: (piece: string) => {
          longest = Math.max(longest, piece.length);
          return core.getBpeRankFromString(piece);
        },
      }),
    } as unknown as typeof o200k;
    const theirs = (text: string) =>
      o200k.countTokens(text, { disallowedSpecial: new Set<string>() });
    const count = plainTextCounter(spied, theirs);
    const text = `!${'\n/'.repeat(2_000)} and prose after it.`;
    const tokens = count(text);
    assert.ok(longest <= 1_024, `a piece of ${longest} characters`);
    // Off by at most about one token a slice, as countInSlices is on long runs.
    assert.ok(Math.abs(tokens - theirs(text)) <= text.length / 256, `${tokens} vs ${theirs(text)}`);
  });
});

interface BpeLookup {
  getBpeRankFromString(piece: string): number | undefined;
}

/** A separator per text, so pieces start with punctuation as well as spaces. */
function separator(i: number): string {
  return [' ', '.', '-', '/', "'"][i % 5] as string;
}
