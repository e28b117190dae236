import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';
import { comparisonDiffers } from './comparison-asked.ts';
import { instructionDifference } from './difference.ts';
import { differenceTerms } from './difference-reading.ts';

// Sentences written for these tests, not taken from an eval file (decision 215).
const refusedBothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('a choice asked on one side only is another question (decision 215)', () => {
  it('"which is better" wants a judgement, not the steps of a how-to', () => {
    assert.deepEqual(
      refusedBothWays(
        'typescript: should this prop be a union type or an enum, which is better?',
        'typescript: how do I turn this prop from a union type into an enum?',
      ),
      ['instruction', 'instruction'],
    );
    assert.deepEqual(
      refusedBothWays(
        'kotlin: is a data class better than a plain class for my DTO?',
        'kotlin: how do I make a data class for my DTO?',
      ),
      ['instruction', 'instruction'],
    );
  });

  it('passes a choice the other side asks with "or", "vs" naming two fields, "best" as a value', () => {
    assert.equal(
      checkGuards(
        'sqlite or postgres for a tiny side project, which one is better?',
        'should I pick sqlite or postgres for a tiny side project',
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'file this crash as a bug with steps, expected vs actual',
        'file this crash as a bug with steps, expected and actual',
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'which font size is best for a slide title',
        'what font size should a slide title have',
      ),
      null,
    );
  });

  it('refuses the second look too, as a comparison does', () => {
    assert.equal(
      comparisonDiffers(
        'which is better for a tiny side project, sqlite or postgres',
        'how do I open a sqlite file in a tiny side project',
      ),
      true,
    );
  });
});

describe('"why" stands in for no clause the other side adds (decision 215)', () => {
  const rule = (a: string, b: string) =>
    instructionDifference(differenceTerms(a), differenceTerms(b));

  it('a request with its condition, against "why", is added alone', () => {
    assert.equal(
      rule(
        'my backup script exits with code 2 at midnight, why?',
        'my backup script exits with code 2 at midnight, how do I make it retry when the disk is busy?',
      ),
      'added_alone',
    );
  });

  it('"why" against one or two words is no added clause', () => {
    assert.notEqual(
      rule(
        'my backup script exits with code 2 at midnight, why?',
        'my backup script exits with code 2 at midnight, how do I stop that happening?',
      ),
      'added_alone',
    );
  });
});

describe('"walk me through" and "piece by piece" ask what "explain step by step" does (decision 215)', () => {
  it('reads them as the explanation they ask for', () => {
    assert.deepEqual(
      differenceTerms('walk me through this makefile piece by piece'),
      differenceTerms('explain this makefile step by step'),
    );
    assert.deepEqual(
      differenceTerms('talk us through the migration plan bit by bit'),
      differenceTerms('explain the migration plan'),
    );
  });

  it('keeps a walk with no one guided, and a reading line by line', () => {
    assert.notDeepEqual(
      differenceTerms('walk through every folder under src'),
      differenceTerms('every folder under src'),
    );
    assert.notDeepEqual(
      differenceTerms('explain this makefile line by line'),
      differenceTerms('explain this makefile'),
    );
  });
});
