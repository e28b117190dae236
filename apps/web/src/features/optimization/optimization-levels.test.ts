/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OPTIMIZATION_LEVELS } from '@tokenwise/contracts';
import { hasUnsavedChange, LEVEL_OPTIONS } from './optimization-levels.ts';

describe('optimization level cards', () => {
  test('offer every level once, in the contract order, with the spec savings bands', () => {
    assert.deepEqual(
      LEVEL_OPTIONS.map((o) => o.level),
      [...OPTIMIZATION_LEVELS],
    );
    assert.deepEqual(
      LEVEL_OPTIONS.map((o) => o.savings),
      ['5-10% savings', '15-25% savings', '30-50% savings'],
    );
  });

  test('recommend balanced and warn only about aggressive', () => {
    assert.deepEqual(
      LEVEL_OPTIONS.filter((o) => o.recommended).map((o) => o.level),
      ['balanced'],
    );
    assert.deepEqual(
      LEVEL_OPTIONS.filter((o) => o.caution).map((o) => o.level),
      ['aggressive'],
    );
  });
});

describe('hasUnsavedChange', () => {
  test('is true only when the chosen level differs from the saved one', () => {
    assert.equal(hasUnsavedChange('aggressive', 'balanced'), true);
    assert.equal(hasUnsavedChange('balanced', 'balanced'), false);
  });

  test('is false before anything was chosen or before the saved level is known', () => {
    assert.equal(hasUnsavedChange(null, 'balanced'), false);
    assert.equal(hasUnsavedChange('aggressive', undefined), false);
  });
});
