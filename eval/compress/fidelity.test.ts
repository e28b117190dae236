import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractItems } from './fidelity.ts';

describe('extractItems names', () => {
  it('does not count the labels of a menu line as names (decision 053)', () => {
    const page =
      'Home | Products | Pricing | Contact us\nHelp Center > Articles\nThe desk ships from Lisbon with Acme Cloud.';
    assert.deepEqual(extractItems(page).names, ['Lisbon', 'Acme', 'Cloud']);
  });

  it('still counts the names of a table row and of a menu line with more than labels on it', () => {
    assert.deepEqual(extractItems('| City | Lisbon | Porto |').names, ['City', 'Lisbon', 'Porto']);
    assert.deepEqual(extractItems('See Pricing | Lisbon office, 2nd floor').names, [
      'Pricing',
      'Lisbon',
    ]);
  });

  it('does not count the captions of a share line as names, but a sentence about them (decision 157)', () => {
    const page =
      'Share this article: Facebook Twitter LinkedIn Email\nWe post updates on Mastodon and Bluesky.';
    assert.deepEqual(extractItems(page).names, ['Mastodon', 'Bluesky']);
  });
});
