import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadEncoding } from './bpe-ranks.ts';
import { O200K_SPLIT_SOURCE, o200kAsciiPieceEnd } from './o200k-ascii-pieces.ts';

const split = (
  loadEncoding('o200k_base') as unknown as {
    bytePairEncodingCoreProcessor: { tokenSplitRegex: RegExp };
  }
).bytePairEncodingCoreProcessor.tokenSplitRegex;

/** The pieces read one after another, by the character reader where it answers, else the pattern. */
function pieces(text: string): string[] {
  const sticky = new RegExp(split.source, 'uy');
  const out: string[] = [];
  for (let from = 0; from < text.length; ) {
    let end = o200kAsciiPieceEnd(text, from);
    if (end === -1) {
      sticky.lastIndex = from;
      assert.ok(sticky.test(text));
      end = sticky.lastIndex;
    }
    out.push(text.slice(from, end));
    from = end;
  }
  return out;
}

/** Every text up to `length` characters over `alphabet`. */
function* everyText(alphabet: string[], length: number): Generator<string> {
  if (length === 0) {
    yield '';
    return;
  }
  for (const shorter of everyText(alphabet, length - 1)) {
    yield shorter;
    if (shorter.length === length - 1) for (const c of alphabet) yield shorter + c;
  }
}

describe('o200kAsciiPieceEnd', () => {
  it('is written for the pattern gpt-tokenizer splits o200k_base text with', () => {
    assert.equal(split.source, O200K_SPLIT_SOURCE);
  });

  it('reads every short text into the pieces the pattern finds', () => {
    // Each kind of character the pattern tells apart, and characters outside ASCII it must leave
    // to the pattern: a lower-case letter, a mark, a digit, NBSP and a line separator (spaces).
    const alphabet = [..."aZs'l1 \t\n\r./\u000b\u0001", 'é', '\u0301', '٣', '\u00a0', '\u2028'];
    let texts = 0;
    for (const text of everyText(alphabet, 4)) {
      texts += 1;
      assert.deepEqual(pieces(text), text.match(split) ?? [], JSON.stringify(text));
    }
    assert.ok(texts > 100_000);
  });

  it('reads prose, code and runs into the pieces the pattern finds', () => {
    const texts = [
      "It's a dog's life, isn't it? THEY'LL say we'd've known; I'M sure. DON'T.",
      'function add(a: number, b: number): number {\n  return a + b;\n}\n\n\tconst x = add(1, 2);',
      'Prices rose 12.5% to $1,234,567.89 on 2026-11-26 at 09:30:00Z. 1234567 items.',
      `trailing spaces   \n\n\n   leading ${' '.repeat(40)}and ${'\n'.repeat(5)}runs \r\n\r\n x`,
      'camelCase snake_case SCREAMING_CASE McDonald iPhone URLs http://a.b/c?d=e&f=g//x/\n/',
      'a—b “quoted” café naïve 東京 🤖 x\u00a0y\u2028z',
      " 'tis 's 'S 'll 'Ll 've 'RE 'd 'm 't ''s a's A'S",
    ];
    for (const text of texts) assert.deepEqual(pieces(text), text.match(split), text);
  });

  it('random texts over the same characters', () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = [..."aAzZsStTlLvVeErRdDmM'1 \t\n\r./-(\u000b\u0001", 'é', '٣', '\u00a0', '😀'];
    for (let t = 0; t < 3_000; t += 1) {
      let text = '';
      const size = 1 + Math.floor(next() * 40);
      for (let i = 0; i < size; i += 1) {
        const c = alphabet[Math.floor(next() * alphabet.length)] as string;
        text += c.repeat(1 + Math.floor(next() ** 3 * 5));
      }
      assert.deepEqual(pieces(text), text.match(split), JSON.stringify(text));
    }
  });
});
