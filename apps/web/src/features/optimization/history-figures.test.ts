/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { historyCells, historyNote } from './history-figures.ts';

describe('multi-turn history figures', () => {
  test('show the share saved and the answers kept as the eval prints them', () => {
    assert.deepEqual(historyCells({ reduction: 0.2664, answers_kept: 0.875 }), {
      saved: '26.6%',
      answersKept: '87.5%',
    });
    // Conservative saves nothing on these conversations: a measured 0%, not "not measured".
    assert.deepEqual(historyCells({ reduction: 0, answers_kept: 1 }), {
      saved: '0.0%',
      answersKept: '100.0%',
    });
    assert.match(historyNote(8), /^Multi-turn history: 8 conversations /);
  });

  test('read "not measured" when the result file predates them, never 0%', () => {
    assert.deepEqual(historyCells(null), { saved: 'not measured', answersKept: 'not measured' });
    assert.match(historyNote(null), /^Multi-turn history: not measured /);
  });
});
