import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { questionTokens } from './question-tokens.ts';

describe('question tokens', () => {
  it('keeps vowel signs and viramas inside their word (Devanagari, Thai, Arabic with vowels)', () => {
    // Before: 'मुझे' came out as 'म' and 'झ', 'पायथन' as 'प' and 'यथन': every vowel sign split a word.
    const hindi = questionTokens('मुझे पायथन में सूची को उलटने का तरीका बताइए');
    assert.ok(hindi.includes('पायथन'), hindi.join(' '));
    assert.ok(hindi.includes('तरीका'), hindi.join(' '));
    assert.ok(!hindi.includes('यथन'), hindi.join(' '));
    assert.ok(questionTokens('ภาษาไทย').includes('ภาษาไทย'));
    assert.ok(questionTokens('كَتَبَ الدَّرْسَ').includes('كَتَبَ'));
  });

  it('still splits on punctuation and keeps numbers whole', () => {
    assert.deepEqual(questionTokens('Reverse a list, 1,024 items!'), [
      ...questionTokens('Reverse a list'),
      '1024',
      'items',
    ]);
  });
});
