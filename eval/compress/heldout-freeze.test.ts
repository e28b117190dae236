import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { answerSurvives, readQuestionPrompts } from './questions.ts';

// A held-out half edited after its figures were seen becomes a second tuning set.
const HELD_OUT = new URL('../data/compress/independent/heldout.txt', import.meta.url);
const TUNE = new URL('../data/compress/independent/tune.txt', import.meta.url);

test('the frozen independent held-out half keeps the checksum in its README', () => {
  const sum = createHash('sha256').update(readFileSync(HELD_OUT)).digest('hex');
  assert.equal(sum, '48642e58c760a9cc0a9fbd321d8bd64bfa5b57162a12a1ee2e0cb811b4d92d83');
});

test('every answer of both independent halves can be read in its uncompressed prompt', () => {
  for (const file of [TUNE, HELD_OUT]) {
    const prompts = readQuestionPrompts(file);
    assert.equal(prompts.length, 20);
    for (const prompt of prompts) {
      assert.ok(prompt.questions.length >= 4, prompt.id);
      for (const { answer } of prompt.questions)
        assert.ok(answerSurvives(answer, prompt.text), `${prompt.id}: ${answer}`);
    }
  }
});
