import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONCISE_REWRITES, DROPPED_PHRASES, PLEASANTRIES } from './filler-phrases.ts';
import { mayOpenWith, NOT_A_LETTER, openings } from './phrase-openings.ts';
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

  it('may open with anything where it cannot tell, or where the match may be empty', () => {
    assert.equal(openings('\\w+ing'), 'any');
    assert.equal(openings('[a-c]at'), 'any');
    assert.equal(openings('(?:so)?'), 'any');
    assert.equal(mayOpenWith('any', 'q', NOT_A_LETTER), true);
    assert.equal(mayOpenWith(openings('x(?:y)*'), 'x', 'z'), true);
    assert.equal(mayOpenWith(openings('in +order'), 'i', 's'), false);
  });
});

describe('the filler finder', () => {
  // Each phrase written out plainly (its options taken, its lookarounds left out), in the places
  // the lists care about: a sentence's start, after a comma, after "could you", in capitals.
  const plain = [...PLEASANTRIES, ...CONCISE_REWRITES.map(([p]) => p), ...DROPPED_PHRASES].map(
    (p) =>
      p
        .replace(/\(\?<[=!](?:[^()]|\([^()]*\))*\)/g, '')
        .replace(/\(\?[=!](?:[^()]|\([^()]*\))*\)/g, '')
        .replace(/\(\?:/g, '(')
        .replace(/\|[^()]*\)/g, ')')
        .replace(/[()?*+\\]/g, ''),
  );
  const texts = plain.flatMap((p) => [
    `${p}.`,
    `Hello. ${p} then`,
    `so, ${p}, and`,
    `could you ${p.toUpperCase()} now`,
    `x ${p[0]?.toUpperCase()}${p.slice(1)}\n${p}`,
    `${p}s`,
  ]);

  it('finds each phrase where the whole alternation finds it, and the same text', () => {
    const { finder, whole } = FILLER_PATTERNS;
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
      const actual = [...text.matchAll(finder)].map((m): [number, string] => [m.index, m[0]]);
      assert.deepEqual(actual, expected, text);
      found += actual.length;
    }
    assert.ok(found > texts.length / 2, `found ${found} in ${texts.length} texts`);
  });
});
