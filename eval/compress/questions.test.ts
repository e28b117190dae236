import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerFidelity, answerSurvives, isRequired, readQuestionPrompts } from './questions.ts';

describe('answerSurvives', () => {
  it('finds the answer words in order, a few words apart at most', () => {
    assert.equal(
      answerSurvives('quarterly revenue 4.2 million', 'The quarterly revenue was 4.2 million.'),
      true,
    );
    assert.equal(
      answerSurvives(
        'revenue 4.2 million',
        'revenue rose, said the board in its note, to 4.2 million',
      ),
      false,
    );
    assert.equal(answerSurvives('shipped version 3.1.4', 'version 3.1.4 was shipped'), false);
  });

  it('reads a contraction as its negation, and fails when the negation is gone', () => {
    assert.equal(answerSurvives('do not mention Lisbon', "Don't mention Lisbon."), true);
    assert.equal(
      answerSurvives('cannot spend more than 1,200', "can't spend more than 1,200 pounds"),
      true,
    );
    assert.equal(answerSurvives('do not mention Lisbon', 'Do mention Lisbon.'), false);
  });
});

describe('the question set', () => {
  it('has prompts with questions of every kind it reports', () => {
    const prompts = readQuestionPrompts();
    assert.ok(prompts.length >= 20);
    assert.ok(
      prompts.every((p) => p.text && p.questions.length >= 3),
      'each prompt asks 3+ questions',
    );
    const kinds = new Set(prompts.flatMap((p) => p.questions.map((q) => q.kind)));
    for (const kind of ['verb', 'negation', 'number', 'name', 'constraint', 'subject'])
      assert.ok(kinds.has(kind), kind);
  });

  it('every answer is in its own uncompressed prompt (a check that can fail on the compressor alone)', () => {
    for (const prompt of readQuestionPrompts())
      for (const q of prompt.questions)
        assert.ok(answerSurvives(q.answer, prompt.text), `${prompt.id}: ${q.answer}`);
  });

  it('reports a lost answer when the compressed text drops it', () => {
    const [prompt] = readQuestionPrompts();
    assert.ok(prompt);
    const result = answerFidelity(
      [{ ...prompt, questions: [{ kind: 'verb', question: '?', answer: 'not in the prompt' }] }],
      'balanced',
    );
    assert.equal(result.kept, 0);
    assert.deepEqual(result.lost, [{ id: prompt.id, kind: 'verb', answer: 'not in the prompt' }]);
  });

  it('holds a [readable levels] prompt to the bar at conservative and balanced only', () => {
    const readable = readQuestionPrompts().filter((p) => p.readableLevelsOnly);
    assert.ok(readable.length >= 3);
    for (const prompt of readable) {
      assert.equal(isRequired(prompt, 'conservative'), true);
      assert.equal(isRequired(prompt, 'balanced'), true);
      assert.equal(isRequired(prompt, 'aggressive'), false);
    }
    const kinds = new Set(readable.flatMap((p) => p.questions.map((q) => q.kind)));
    assert.ok(kinds.has('pronoun') && kinds.has('phrase'));
  });
});
