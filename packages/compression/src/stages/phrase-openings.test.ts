import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONCISE_REWRITES, DROPPED_PHRASES, PLEASANTRIES } from './filler-phrases.ts';
import { mayOpenWith, NOT_A_LETTER, openings, openingTest } from './phrase-openings.ts';
import { FILLER_PATTERNS } from './remove-filler.ts';

const sorted = (o: ReturnType<typeof openings>) => (o === 'any' ? o : [...o].sort());

describe('openings', () => {
  it('reads the first two characters through groups, options and lookarounds', () => {
    assert.deepEqual(sorted(openings('in +order +to')), ['in']);
    assert.deepEqual(sorted(openings('(?:i +)?(?:(?:do|really) +)*appreciate')), [
      'ap',
      'do',
      'i#',
      're',
    ]);
    assert.deepEqual(sorted(openings('(?<=^|[.!?]\\s+|\\n)oh,?(?= [a-z])')), ['oh']);
    assert.deepEqual(sorted(openings("i['’]d +like")), ['i#']);
    assert.deepEqual(sorted(openings('x(?:y)*')), ['x', 'xy']);
  });

  it('reads longer openings, enough repeats to fill them, and spaces apart when asked', () => {
    assert.deepEqual(sorted(openings('in +order', 5)), ['in###', 'in##o', 'in#or']);
    assert.deepEqual(sorted(openings('in +order', 5, true)), ['in   ', 'in  o', 'in or']);
    assert.deepEqual(sorted(openings('hi\\s', 4, true)), ['hi ', 'hi#']);
    assert.deepEqual(sorted(openings('(?:ab)+c', 6)), ['ababab', 'ababc', 'abc']);
  });

  it('tells whether a match may start at a place, from a trie of the openings', () => {
    const test = openingTest(['in +order', 'hi,?'], 5);
    assert.ok(test);
    assert.equal(test('so in order', 3), true);
    assert.equal(test('so In   Order', 3), true);
    assert.equal(test('so in  \uE000\uE010\uE001', 3), false);
    assert.equal(test('so inorder', 3), false);
    assert.equal(test('hi', 0), true);
    assert.equal(test('his', 0), true);
    assert.equal(test('h', 0), false);
    assert.equal(openingTest(['so', '\\w+'], 4), undefined);
  });

  it('may open with anything where it cannot tell, or where the match may be empty', () => {
    assert.equal(openings('\\w+ing'), 'any');
    assert.equal(openings('[a-c]at'), 'any');
    assert.equal(openings('(?:so)?'), 'any');
    assert.equal(mayOpenWith('any', 'q', NOT_A_LETTER), true);
    assert.equal(mayOpenWith(openings('x(?:y)*'), 'x', 'z'), true);
    assert.equal(mayOpenWith(openings('in +order'), 'i', 's'), false);
  });
});

/** Each phrase written out plainly: its options taken, its lookarounds left out. */
const PLAIN_PHRASES = [
  ...PLEASANTRIES,
  ...CONCISE_REWRITES.map(([p]) => p),
  ...DROPPED_PHRASES,
].map((p) =>
  p
    .replace(/\(\?<[=!](?:[^()]|\([^()]*\))*\)/g, '')
    .replace(/\(\?[=!](?:[^()]|\([^()]*\))*\)/g, '')
    .replace(/\(\?:/g, '(')
    .replace(/\|[^()]*\)/g, ')')
    .replace(/[()?*+\\]/g, ''),
);

describe('the filler finder', () => {
  // Each phrase in the places the lists care about: a sentence's start, after a comma, after
  // "could you", in capitals.
  const plain = PLAIN_PHRASES;
  const texts = plain.flatMap((p) => [
    `${p}.`,
    `Hello. ${p} then`,
    `so, ${p}, and`,
    `could you ${p.toUpperCase()} now`,
    `x ${p[0]?.toUpperCase()}${p.slice(1)}\n${p}`,
    `${p}s`,
  ]);

  it('finds each phrase where the whole alternation finds it, and the same text', () => {
    const { fillerAt, whole } = FILLER_PATTERNS;
    let found = 0;
    for (const text of texts) {
      const expected: [number, string][] = [];
      for (let at = 0; at <= text.length; at += 1) {
        whole.lastIndex = at;
        const m = whole.exec(text);
        if (m && m.index === at) {
          expected.push([at, m[0]]);
          at += Math.max(0, m[0].length - 1);
        }
      }
      const actual: [number, string][] = [];
      for (let at = 0; at < text.length; at += 1) {
        const match = fillerAt(text, at)?.phrase;
        if (match === undefined) continue;
        actual.push([at, match]);
        at += match.length - 1;
      }
      assert.deepEqual(actual, expected, text);
      found += actual.length;
    }
    assert.ok(found > texts.length / 2, `found ${found} in ${texts.length} texts`);
  });

  // The kind decides what happens to the phrase: a rewrite is replaced, a pleasantry goes only as
  // a sentence of its own, a dropped phrase goes (decision 207: read from the finder's own groups).
  it("says which kind each phrase is, as the whole alternation's groups do", () => {
    const { fillerAt, whole } = FILLER_PATTERNS;
    const kinds = new Set<string>();
    for (const text of texts) {
      for (let at = 0; at < text.length; at += 1) {
        const found = fillerAt(text, at);
        if (found === undefined) continue;
        whole.lastIndex = at;
        const m = whole.exec(text) as RegExpExecArray;
        assert.deepEqual(
          [found.pleasantry, found.rewrite],
          [m[1], m[2]],
          `${JSON.stringify(text)} at ${at}`,
        );
        kinds.add(m[1] !== undefined ? 'pleasantry' : m[2] !== undefined ? 'rewrite' : 'dropped');
      }
    }
    assert.equal(kinds.size, 3);
  });

  // V8 stops optimising a regex whose source passes 20,480 characters (decisions 150, 183); this
  // leaves room for the next phrases and fails before one crosses it silently.
  it('keeps every compiled regex well under the size V8 optimises', () => {
    const { finders, whole, droppedWord } = FILLER_PATTERNS;
    assert.ok(finders.length > 10);
    for (const regex of [...finders, whole, droppedWord])
      assert.ok(
        regex.source.length <= 16_000,
        `${regex.source.length}: ${regex.source.slice(0, 40)}`,
      );
  });
});

describe('the filler finder at the words the openings allow', () => {
  const { fillerAt, mayOpenAt, replaceFiller, whole } = FILLER_PATTERNS;
  const phrases = PLAIN_PHRASES;
  const placeholder = '\uE000\uE011\uE001';
  // Each phrase where it is found and where it nearly is: spaces doubled, a word cut short, a
  // placeholder, a letter outside ASCII or a digit next to it, punctuation after it.
  const texts = phrases.flatMap((p) => [
    `${p}.`,
    `Hello. ${p.replaceAll(' ', '  ')} then ${p.replaceAll(' ', '    ')}`,
    `so, ${p.toUpperCase()}, and ${p.slice(0, -1)}`,
    `x ${p}\n${p.replaceAll(' ', ' \t')}!`,
    `${placeholder} ${p} ${placeholder}`,
    `é${p} ${p}é ſ${p.slice(1)} \u212A${p.slice(1)}`,
    `9${p} _${p} ${p}_ ${p}9 ${p}’s`,
    `${p.replace(/ .*/, '')} ${placeholder} ${p}?`,
  ]);

  it('never turns away a place where the finder matches', () => {
    assert.ok(mayOpenAt);
    let matched = 0;
    for (const text of texts) {
      for (let at = 0; at < text.length; at += 1) {
        if (fillerAt(text, at) === undefined) continue;
        matched += 1;
        assert.ok(mayOpenAt(text, at), `${JSON.stringify(text)} at ${at}`);
      }
    }
    assert.ok(matched > texts.length, `matched at ${matched} places in ${texts.length} texts`);
  });

  it('replaces what the whole alternation finds along the text', () => {
    const mark = (match: string, offset: number) => `[${offset}:${match}]`;
    const everywhere = new RegExp(whole.source, 'gi');
    for (const text of texts)
      assert.equal(
        replaceFiller(text, (found, offset) => mark(found.phrase, offset)),
        text.replace(everywhere, (match: string, ...rest) => mark(match, rest.at(-2) as number)),
        JSON.stringify(text),
      );
  });
});
