import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';
import { instructionDiffers } from './difference.ts';
import { differenceTerms } from './difference-reading.ts';

// Sentences written for these tests, not taken from an eval file (decision 203).
const refusesBothWays = (pairs: readonly (readonly [string, string])[]) => {
  for (const [a, b] of pairs) {
    assert.equal(checkGuards(a, b), 'instruction', `${a} / ${b}`);
    assert.equal(checkGuards(b, a), 'instruction', `${b} / ${a}`);
  }
};
const differs = (a: string, b: string) =>
  instructionDiffers(differenceTerms(a), differenceTerms(b));

describe('weekdays counted are working days (decision 203)', () => {
  it('"every weekday" and "weekdays" count fewer days than "every day" and "days"', () => {
    refusesBothWays([
      ['cron job that runs every weekday at 9am', 'cron job that runs every day at 9am'],
      [
        'count the weekdays between two dates in python',
        'count the days between two dates in python',
      ],
    ]);
  });

  it('they are the working days "business days" names', () => {
    assert.equal(
      checkGuards(
        'schedule a jenkins build every weekday at noon',
        'schedule a jenkins build every working day at noon',
      ),
      null,
    );
  });

  it('"the weekday" of a date is still the day it asks for', () => {
    assert.equal(
      checkGuards(
        'get the weekday name from a date in pandas',
        'get the day name from a date in pandas',
      ),
      null,
    );
  });
});

describe('"one" before a unit of time is a count, not one member (decision 203)', () => {
  it('a duration added alone is a condition', () => {
    refusesBothWays([
      [
        'can I unsend a slack message one hour after posting it',
        'can I unsend a slack message after posting it',
      ],
      ['lock my laptop screen after one minute idle', 'lock my laptop screen when idle'],
    ]);
  });

  it('reads as the digit: "one minute" and "1 minute" ask one thing', () => {
    assert.equal(
      differs('lock the screen after one minute of idle', 'lock the screen after 1 minute of idle'),
      false,
    );
  });

  it('"one" before anything else still names one member', () => {
    assert.equal(differs('restart one pod in kubernetes', 'restart all pods in kubernetes'), true);
    assert.equal(
      differs('clear cookies for one site in firefox', 'clear cookies for a site in firefox'),
      false,
    );
  });
});

describe('"weekdays" read off dates are day names, not working days (decision 203 review)', () => {
  it('"get weekdays from a date column" is not "get business days from a date column"', () => {
    refusesBothWays([
      ['pandas get weekdays from a date column', 'pandas get business days from a date column'],
      ['convert weekdays to numbers in python', 'convert working days to numbers in python'],
    ]);
  });

  it('a count, a span or "on" still makes them working days', () => {
    for (const [a, b] of [
      ['count the weekdays between two dates', 'count the business days between two dates'],
      ['add 5 weekdays to a date in excel', 'add 5 working days to a date in excel'],
      ['run a cron job on weekdays at 9am', 'run a cron job on working days at 9am'],
      ['number of weekdays in a month in sql', 'number of business days in a month in sql'],
    ] as const)
      assert.equal(checkGuards(a, b), null, `${a} / ${b}`);
  });
});
