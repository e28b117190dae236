import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainProse } from './plain-prose.fixture.ts';
import { scoreDifficulty } from './score-difficulty.ts';
import { difficultyFromTokens } from './thresholds.ts';
import type { DifficultyInput } from './types.ts';

const ask = (text: string): DifficultyInput => ({ messages: [{ role: 'user', content: text }] });

describe('token thresholds', () => {
  it('follows the spec defaults: under 100 simple, over 500 complex, medium between', () => {
    const short = scoreDifficulty(ask(plainProse(40)));
    const middle = scoreDifficulty(ask(plainProse(300)));
    const long = scoreDifficulty(ask(plainProse(640)));
    assert.equal(short.difficulty, 'simple');
    assert.equal(middle.difficulty, 'medium');
    assert.equal(long.difficulty, 'complex');
    assert.deepEqual(long.reasons, [`prompt ${long.promptTokens} tokens > 500`]);
    assert.deepEqual(middle.reasons, [`prompt ${middle.promptTokens} tokens within 100-500`]);
    assert.deepEqual(short.reasons, [`prompt ${short.promptTokens} tokens < 100`]);
  });

  it('honours custom thresholds, in the decision and in the reason', () => {
    const request = ask(plainProse(300));
    const lenient = scoreDifficulty(request, { simple: 400, complex: 800 });
    const strict = scoreDifficulty(request, { simple: 50, complex: 200 });
    assert.equal(lenient.difficulty, 'simple');
    assert.equal(strict.difficulty, 'complex');
    assert.equal(strict.reasons[0], `prompt ${strict.promptTokens} tokens > 200`);
  });

  it('puts a prompt exactly at a threshold in the medium band', () => {
    const request = ask(plainProse(150));
    const tokens = scoreDifficulty(request).promptTokens;
    const at = (simple: number, complex: number) =>
      scoreDifficulty(request, { simple, complex }).difficulty;
    assert.equal(at(tokens, tokens + 10), 'medium');
    assert.equal(at(tokens + 1, tokens + 10), 'simple');
    assert.equal(at(tokens - 10, tokens), 'medium');
    assert.equal(at(tokens - 10, tokens - 1), 'complex');
    assert.equal(at(tokens, tokens), 'medium');
  });

  it('gives the same band as the scorer for prose with no other signal', () => {
    for (const size of [10, 99, 100, 250, 500, 501, 2000]) {
      const result = scoreDifficulty(ask(plainProse(size)));
      assert.equal(
        difficultyFromTokens(result.promptTokens),
        result.difficulty,
        `at ${size} tokens`,
      );
    }
  });

  it('rejects thresholds an account could not have saved', () => {
    const request = ask('hello');
    assert.throws(() => scoreDifficulty(request, { simple: 1.5, complex: 500 }), RangeError);
    assert.throws(() => scoreDifficulty(request, { simple: -1, complex: 500 }), RangeError);
    assert.throws(() => scoreDifficulty(request, { simple: 600, complex: 500 }), RangeError);
    assert.throws(() => difficultyFromTokens(10, { simple: 100, complex: Number.NaN }), RangeError);
  });
});
