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
