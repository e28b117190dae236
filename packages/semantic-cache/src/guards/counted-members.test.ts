import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

describe('"one of the" names one member (decision 192)', () => {
  it('against the whole set of the same noun it refuses', () => {
    for (const [a, b] of [
      ['excel export all of the worksheets to pdf', 'excel export one of the worksheets to pdf'],
      [
        'kubectl restart all pods of a deployment',
        'kubectl restart one of the pods of a deployment',
      ],
    ] as const) {
      assert.equal(checkGuards(a, b), 'instruction', `${a} / ${b}`);
      assert.equal(checkGuards(b, a), 'instruction', `${b} / ${a}`);
    }
  });

  it('a set both sides count in their context leaves the rest to conflict', () => {
    for (const [a, b] of [
      [
        'My repo has many branches. How do I rebase all of the branches onto main?',
        'My repo has many branches. How do I rebase a branch onto main?',
      ],
    ] as const) {
      assert.equal(checkGuards(a, b), 'instruction', `${a} / ${b}`);
      assert.equal(checkGuards(b, a), 'instruction', `${b} / ${a}`);
    }
  });

  it('"all of them" against "one of them" refuses: the set named before by a pronoun', () => {
    // Review of stop 44: a wrong hit before.
    const a = 'I have many files. How do I zip all of them?';
    const b = 'I have many files. How do I zip one of them?';
    assert.equal(checkGuards(a, b), 'instruction');
    assert.equal(checkGuards(b, a), 'instruction');
    assert.equal(checkGuards(a, 'I have many files. How do I zip each of them?'), null);
  });

  it('on both sides, or beside another noun, it is no conflict', () => {
    assert.equal(
      checkGuards('delete all files in one of my folders', 'delete the files in one of my folders'),
      null,
    );
    assert.equal(
      checkGuards(
        'excel hide all columns in one of the sheets',
        'excel hide every column in one of the sheets',
      ),
      null,
    );
  });
});

describe('a kind of day that is counted (decision 192)', () => {
  it('"business days" or "working days" against plain days refuses', () => {
    for (const [a, b] of [
      [
        'count the business days between two dates in excel',
        'count the days between two dates in excel',
      ],
      ['how many working days until christmas', 'how many days until christmas'],
    ] as const) {
      assert.equal(checkGuards(a, b), 'instruction', `${a} / ${b}`);
      assert.equal(checkGuards(b, a), 'instruction', `${b} / ${a}`);
    }
  });

  it('business and working days are one count; business hours are the opening hours', () => {
    assert.equal(
      checkGuards(
        'count business days between two dates in excel',
        'count working days between two dates in excel',
      ),
      null,
    );
    assert.equal(
      checkGuards('what are your business hours on sunday', 'what are your hours on sunday'),
      null,
    );
  });
});

describe('"and when to use which" after a comparison (decision 192)', () => {
  it('is what the comparison answers, not one more item', () => {
    assert.equal(
      checkGuards(
        'python lists vs tuples: how do they differ and when should I use which?',
        'What is the difference between lists and tuples in Python?',
      ),
      null,
    );
  });

  it('another question or item joined by "and" still adds one', () => {
    assert.equal(
      checkGuards('what is docker and when was it released', 'what is docker'),
      'instruction',
    );
    assert.equal(checkGuards('how to save and quit in vim', 'how to quit in vim'), 'instruction');
  });
});

describe('"only" after one counted member restates the count (decision 203)', () => {
  it('"a single tab only" and "one row only" ask what "just one" asks', () => {
    for (const [a, b] of [
      ['firefox: mute a single tab only', 'mute just one tab in firefox'],
      ['excel print one row only', 'excel print just one row'],
    ] as const) {
      assert.equal(checkGuards(a, b), null, `${a} / ${b}`);
      assert.equal(checkGuards(b, a), null, `${b} / ${a}`);
    }
  });

  it('"only" opening a condition, or after a noun no part word counts, still narrows', () => {
    assert.equal(
      checkGuards('excel print one row only if it is selected', 'excel print one row'),
      'instruction',
    );
    assert.equal(
      checkGuards('firefox: mute the tabs only', 'mute the tabs in firefox'),
      'instruction',
    );
  });
});

describe('"only" where no count is restated (decision 203 review)', () => {
  it('"single sign on only" and "one row only for admins" still narrow', () => {
    for (const [a, b] of [
      ['keycloak allow single sign on only', 'keycloak allow single sign on'],
      ['show one row only for admins', 'show one row for admins'],
    ] as const) {
      assert.equal(checkGuards(a, b), 'instruction', `${a} / ${b}`);
      assert.equal(checkGuards(b, a), 'instruction', `${b} / ${a}`);
    }
  });
});
