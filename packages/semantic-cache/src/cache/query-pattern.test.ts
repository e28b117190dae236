import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileQueryPattern } from './query-pattern.ts';

describe('compileQueryPattern', () => {
  it('matches a glob over the whole prompt, a substring without a star, case-insensitive', () => {
    assert.equal(compileQueryPattern('how do i *')('How do I reverse a list?'), true);
    assert.equal(compileQueryPattern('*refund*order')(' Refund my ORDER '), true);
    assert.equal(compileQueryPattern('*refund*order')('refund my order now'), false);
    assert.equal(compileQueryPattern('a*a')('a'), false, 'the prefix and suffix may not overlap');
    assert.equal(compileQueryPattern('a*a')('aa'), true);
    assert.equal(compileQueryPattern('REFUND')('a refund please'), true);
    assert.equal(compileQueryPattern('*')('anything'), true);
  });

  it('takes regex syntax and unicode literally', () => {
    assert.equal(compileQueryPattern('(a+)+$')('say (a+)+$ twice'), true);
    assert.equal(compileQueryPattern('.*')('anything'), false);
    assert.equal(compileQueryPattern('*[x]*')('a [x] b'), true);
    assert.equal(compileQueryPattern('*日本*')('東京は日本の首都'), true);
    assert.equal(compileQueryPattern('*😀')('smile 😀'), true);
  });

  it('answers in linear time on a pattern of many stars against a long prompt', () => {
    const hostile = compileQueryPattern(`${'*a'.repeat(40)}*z`);
    const started = performance.now();
    assert.equal(hostile('a'.repeat(16_384)), false);
    assert.ok(performance.now() - started < 200, 'no catastrophic backtracking');
  });
});
