import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 233).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];
const refused = ['instruction', 'instruction'];
const passed = [null, null];

describe('a possessive phrase that names a platform narrows the question (decision 233)', () => {
  it('refuses the platform added alone, "my" or not', () => {
    assert.deepEqual(
      bothWays(
        'how do I turn off autoplay for videos in Firefox on my Android phone',
        'how do I turn off autoplay for videos in Firefox',
      ),
      refused,
    );
    assert.deepEqual(
      bothWays(
        'how do I change the default font in Word on my Mac',
        'how do I change the default font in Word',
      ),
      refused,
    );
  });

  // Review of decision 233: "my PC" names Windows as "my Mac" names macOS (0.890, a hit at 0.85).
  it('refuses "on my PC" added alone', () => {
    assert.deepEqual(
      bothWays('how do I clear the DNS cache on my PC', 'how do I clear the DNS cache'),
      refused,
    );
  });

  it('ends the phrase where "without" opens another, so a condition on both sides hides nothing', () => {
    assert.deepEqual(
      bothWays(
        'how do I clear the cache in Firefox on my Android phone without losing my open tabs',
        'how do I clear the cache in Firefox without losing my open tabs',
      ),
      refused,
    );
  });

  it("passes the platform on both sides, and a possessive phrase of the asker's own setup", () => {
    assert.deepEqual(
      bothWays(
        'on my android phone, how can I turn off autoplay of videos in firefox',
        'how do I turn off autoplay for videos in Firefox on my Android phone',
      ),
      passed,
    );
    assert.deepEqual(
      bothWays(
        'how do I squash the last three commits in our repo',
        'how do I squash the last three commits',
      ),
      passed,
    );
  });
});

describe('an action written as two words is the action its one word names (decision 233)', () => {
  it('refuses another action against "roll back"', () => {
    assert.deepEqual(
      bothWays(
        'helm list what changed in release 4 of my chart',
        'helm roll back my chart to release 4',
      ),
      refused,
    );
  });

  it('passes "roll back" against "rollback", and beside a rewording with "undo"', () => {
    assert.deepEqual(
      bothWays('helm roll back my chart to release 4', 'helm rollback my chart to release 4'),
      passed,
    );
    assert.deepEqual(
      bothWays(
        'how can I roll back the last migration in django',
        'django: undo the last migration I ran, how?',
      ),
      passed,
    );
  });
});
