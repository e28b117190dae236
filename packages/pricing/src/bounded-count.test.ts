import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { BoundedTokenCount, EXACT_COUNT_CHARS } from './bounded-count.ts';
import { countInSlices } from './count-in-slices.ts';
import { countChat, countTextsTokens, countTokens } from './tokens.ts';

// The code sample holds '<|endoftext|>' (this folder's tests): count it as text, as tokens.ts does.
const encode = (s: string) => o200k(s, { disallowedSpecial: new Set() });
const exact = (text: string) => countInSlices(encode, text);

/** A count function that also adds up how many characters it was asked to encode. */
function spyCount() {
  const spy = {
    chars: 0,
    count(s: string) {
      spy.chars += s.length;
      return encode(s);
    },
  };
  return spy;
}

/** A seeded generator of numbers in [0, 1), so every run counts the same texts. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const randomBase64 = (bytes: number, seed: number) => {
  const next = seeded(seed);
  return Buffer.from(Array.from({ length: bytes }, () => Math.floor(next() * 256))).toString(
    'base64',
  );
};

function madeUpWords(chars: number, seed: number): string {
  const next = seeded(seed);
  let text = '';
  while (text.length < chars) {
    const size = 2 + Math.floor(next() * 9);
    for (let i = 0; i < size; i++) text += String.fromCharCode(97 + Math.floor(next() * 26));
    text += ' ';
  }
  return text;
}

const SENTENCES = [
  'The quarterly report shows revenue grew 12% while costs stayed flat.',
  'Please summarise the attached contract and list every deadline.',
  'Our support team answered 1,204 tickets last week, most about billing.',
  'Rewrite the paragraph below in plain English for a general audience.',
  'Which of these three vendors offers the best price for 500 seats?',
];
const prose = (chars: number) => {
  let text = '';
  for (let i = 0; text.length < chars; i = (i * 7 + 3) % SENTENCES.length) {
    text += `${SENTENCES[i]} `;
  }
  return text;
};
/**
 * TypeScript-like lines from a fixed vocabulary, seeded: the sample must not change when the
 * package's own sources do (it was their text once, and an edit to cost.ts moved this test).
 */
function code(chars: number, seed: number): string {
  const next = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const names = ['request', 'tokens', 'model', 'price', 'usage', 'entry', 'cache', 'row', 'key'];
  const verbs = ['count', 'resolve', 'read', 'price', 'estimate', 'store', 'find', 'merge'];
  const types = ['number', 'string', 'boolean', 'ModelPrice', 'Usage', 'readonly string[]'];
  const name = () => pick(names) + (next() < 0.5 ? '' : pick(['Id', 'Count', 'Cost', 'Map']));
  const line = (): string => {
    switch (Math.floor(next() * 6)) {
      case 0:
        return `export function ${pick(verbs)}${pick(['Tokens', 'Cost', 'Model', 'Rows'])}(${name()}: ${pick(types)}, ${name()}?: ${pick(types)}): ${pick(types)} {`;
      case 1:
        return `  const ${name()} = ${name()}.${pick(verbs)}(${Math.floor(next() * 4096)});`;
      case 2:
        return `  if (${name()} === undefined || ${name()}.length > ${Math.floor(next() * 100)}) return ${pick(['0', 'null', 'false', '[]'])};`;
      case 3:
        return `  // ${pick(verbs)} the ${pick(names)} before the ${pick(names)} is ${pick(['read', 'priced', 'sent', 'logged'])}.`;
      case 4:
        return `  for (const ${name()} of ${name()}) total += ${name()}.${pick(names)} * ${(next() * 10).toFixed(2)};`;
      default:
        return '}';
    }
  };
  let text = '';
  while (text.length < chars) text += `${line()}\n`;
  return text.slice(0, chars);
}

const relativeError = (estimate: number, truth: number) => Math.abs(estimate - truth) / truth;

describe('BoundedTokenCount', () => {
  it('counts a text within the allowance exactly', () => {
    const text = madeUpWords(EXACT_COUNT_CHARS - 100, 1);
    const counter = new BoundedTokenCount(encode);
    assert.equal(counter.tokens(text), exact(text));
    assert.equal(counter.estimated, false);
  });

  it('encodes no more than the allowance of a text however long it is', () => {
    const spy = spyCount();
    const counter = new BoundedTokenCount(spy.count);
    counter.tokens(madeUpWords(2_000_000, 2));
    assert.ok(spy.chars <= EXACT_COUNT_CHARS, `${spy.chars} characters encoded`);
    assert.ok(spy.chars > EXACT_COUNT_CHARS / 2, 'the samples use the allowance');
    assert.equal(counter.estimated, true);
  });

  it('estimates long uniform texts within 3% of the exact count', () => {
    const texts = {
      'made-up words': madeUpWords(300_000, 3),
      prose: prose(300_000),
      code: code(300_000, 5),
      base64: randomBase64(200_000, 4),
    };
    for (const [kind, text] of Object.entries(texts)) {
      const estimate = new BoundedTokenCount(encode).tokens(text);
      const error = relativeError(estimate, exact(text));
      assert.ok(error < 0.03, `${kind}: ${(error * 100).toFixed(2)}% off`);
    }
  });

  it('estimates a text of two halves unlike each other within 10%', () => {
    const text = `${prose(150_000)}\n${randomBase64(110_000, 5)}`;
    const estimate = new BoundedTokenCount(encode).tokens(text);
    const error = relativeError(estimate, exact(text));
    assert.ok(error < 0.1, `${(error * 100).toFixed(2)}% off`);
  });
});

describe('countChat and countTokens beyond the exact allowance', () => {
  it('count a request of many long messages within the allowance of encoding work', () => {
    const messages = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: madeUpWords(20_000, 10 + i),
    }));
    const truth = messages.reduce((sum, m) => sum + exact(m.content) + 3 + exact(m.role), 3);
    const { tokens, estimated } = countChat(messages, 'gpt-4o');
    assert.equal(estimated, true);
    assert.ok(relativeError(tokens, truth) < 0.03, `${tokens} against ${truth}`);
  });

  it('stay exact for an ordinary request', () => {
    const messages = [
      { role: 'system', content: prose(2_000) },
      { role: 'user', content: 'And the total?' },
    ];
    const { tokens, estimated } = countChat(messages, 'gpt-4o');
    assert.equal(estimated, false);
    assert.equal(tokens, 3 + 3 + 1 + exact(prose(2_000)) + 3 + 1 + exact('And the total?'));
    assert.equal(countTokens('And the total?'), exact('And the total?'));
  });
});

describe('countTextsTokens', () => {
  it('shares one allowance between the texts of an embeddings input', () => {
    const texts = Array.from({ length: 30 }, (_, i) => madeUpWords(10_000, 100 + i));
    const truth = texts.reduce((sum, t) => sum + exact(t), 0);
    const estimate = countTextsTokens(texts);
    assert.ok(relativeError(estimate, truth) < 0.03, `${estimate} against ${truth}`);
  });
});
