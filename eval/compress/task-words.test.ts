import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type TaskFigures, taskHeads, tasksKept } from './task-words.ts';

const tasks = (text: string) => taskHeads(text).map((h) => h.task);
const figures = (): TaskFigures => ({ tasks: 0, kept: 0, lost: [] });

describe('taskHeads', () => {
  it('finds the verb and object of "You <verb>", imperatives, requests and how-to questions', () => {
    assert.deepEqual(
      tasks(
        'You are a helpful assistant. You summarise support tickets for the billing team. You should keep the ticket number and the plan name.',
      ),
      ['summarise support tickets', 'keep the ticket number'],
    );
    assert.deepEqual(
      tasks('Please list the three cheapest options. How do I change my password?'),
      ['list the three cheapest options', 'change my password'],
    );
    assert.deepEqual(tasks('Can you write a short poem about cats?'), ['write a short poem']);
  });

  it('knows common imperative verbs with a bare noun after them', () => {
    assert.deepEqual(tasks('Put code in backticks. Keep answers short. Use short paragraphs.'), [
      'put code',
      'keep answers short',
      'use short paragraphs',
    ]);
    // Not every word that can be a verb: "Update notes" is a subject here.
    assert.deepEqual(tasks('Update notes are published monthly.'), []);
  });

  it('skips what only looks like an instruction', () => {
    // A gerund subject, a clause after the verb, a sentence wrapped onto a new line.
    assert.deepEqual(tasks('Adding a home battery lets you store power.'), []);
    assert.deepEqual(tasks('Understand that some questions touch on health.'), []);
    assert.deepEqual(tasks('As a last resort you can\nreset the local cache.'), []);
  });
});

describe('tasksKept', () => {
  it('counts a task kept when its head noun is aligned to the output', () => {
    const text = 'You summarise support tickets for the billing team.';
    assert.equal(
      tasksKept('a', text, 'Summarise support tickets for billing team.', figures()).kept,
      1,
    );
    const lost = tasksKept('a', text, 'Summarise team.', figures());
    assert.deepEqual([lost.kept, lost.lost], [0, ['a: summarise support tickets']]);
  });

  it('counts a task said twice once, kept when one copy is', () => {
    const text = 'Cancel your subscription online.\nCancel your subscription online.';
    const kept = tasksKept('a', text, 'Cancel your subscription online.', figures());
    assert.deepEqual([kept.tasks, kept.kept], [1, 1]);
  });

  it('asks nothing in a line of share buttons (decision 157)', () => {
    const text = 'The desk ships in May.\nShare this article: Facebook Twitter LinkedIn Email';
    assert.equal(tasksKept('a', text, 'Desk ships in May.', figures()).tasks, 0);
  });
});
