/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkDraft, draftFromConfig, hasUnsavedChange } from './routing-config.ts';

const saved = {
  enabled: false,
  difficulty_threshold_simple: 100,
  difficulty_threshold_complex: 500,
};

describe('routing config draft', () => {
  test('flipping the toggle is an unsaved change until it is flipped back', () => {
    const draft = draftFromConfig(saved);
    assert.equal(hasUnsavedChange(draft, saved), false);
    assert.equal(hasUnsavedChange({ ...draft, enabled: true }, saved), true);
    assert.equal(hasUnsavedChange({ ...draft, complex: 800 }, saved), true);
    assert.equal(hasUnsavedChange({ ...draft, enabled: false }, saved), false);
  });

  test('a valid draft becomes the body the server expects', () => {
    const check = checkDraft({ enabled: true, simple: 50, complex: 900 });
    assert.deepEqual(check, {
      ok: true,
      config: { enabled: true, difficulty_threshold_simple: 50, difficulty_threshold_complex: 900 },
    });
  });

  test('simple must stay below complex, in the server’s words', () => {
    for (const [simple, complex] of [
      [500, 500],
      [600, 500],
    ] as const) {
      const check = checkDraft({ enabled: true, simple, complex });
      assert.equal(check.ok, false);
      assert.match(check.ok ? '' : check.problem, /simple threshold must be below the complex/);
    }
  });

  test('empty, fractional and zero thresholds are refused before any call', () => {
    const problems = [
      checkDraft({ enabled: true, simple: '', complex: 500 }),
      checkDraft({ enabled: true, simple: 10.5, complex: 500 }),
      checkDraft({ enabled: true, simple: 0, complex: 500 }),
    ].map((c) => (c.ok ? null : c.problem));
    assert.deepEqual(problems, [
      'Enter both thresholds',
      'Thresholds must be whole numbers',
      'Thresholds must be at least 1',
    ]);
  });
});
