import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';
import { differenceTerms } from './difference-reading.ts';
import { findNumbers } from './number-mentions.ts';

// Sentences written for these tests, not taken from an eval file (decision 245).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('a release codename is its version number (decision 245)', () => {
  it('reads the codename as the number it stands for, once', () => {
    assert.deepEqual(findNumbers('apt broke after upgrading to debian bookworm'), [12]);
    assert.deepEqual(findNumbers('ubuntu jammy: docker will not start'), [22.04]);
    assert.deepEqual(findNumbers('debian 12 (bookworm) apt is broken'), [12]);
    assert.deepEqual(findNumbers('stretch the image to fill the div'), []);
  });

  it('passes a codename against its number and refuses it against another', () => {
    assert.deepEqual(bothWays('install docker on debian bookworm', 'install docker on debian 12'), [
      null,
      null,
    ]);
    assert.deepEqual(
      bothWays('install docker on debian 12 (bookworm)', 'install docker on debian 12'),
      [null, null],
    );
    assert.deepEqual(bothWays('install docker on macos sonoma', 'install docker on macos 14'), [
      null,
      null,
    ]);
    assert.deepEqual(bothWays('install docker on debian bookworm', 'install docker on debian 11'), [
      'number',
      'number',
    ]);
  });

  it('names the release once only where its number is written beside it (review of 245)', () => {
    // "node 12" is no Debian release: the codename still says one of its own.
    assert.deepEqual(findNumbers('install node 12 on debian bookworm'), [12, 12]);
    assert.deepEqual(findNumbers('bookworm (debian 12): apt is broken'), [12]);
    assert.deepEqual(bothWays('install node 12 on debian bookworm', 'install node 12 on debian'), [
      'number',
      'number',
    ]);
  });
});

describe('a word before another that names an object property, not a system (decision 250)', () => {
  it('reads "constructor name" as the two words written, no release', () => {
    assert.deepEqual(differenceTerms('get the constructor name of a class'), [
      ...differenceTerms('constructor'),
      ...differenceTerms('name'),
      ...differenceTerms('class'),
    ]);
    assert.deepEqual(findNumbers('read the __proto__ tostring of a class'), []);
  });
});

describe('"half" naming a part, not a fraction (decision 245)', () => {
  it('reads no number in "the public half" and a fraction in "half of", "in half"', () => {
    assert.deepEqual(findNumbers('delete half of the rows at random'), [0.5]);
    assert.deepEqual(findNumbers('upload the public half to the server'), []);
    assert.deepEqual(findNumbers('cut the video in half with ffmpeg'), [0.5]);
    assert.deepEqual(findNumbers('reduce the image size by half'), [0.5]);
  });

  it('reads a fraction in "half" right after a verb (review of 245)', () => {
    assert.deepEqual(findNumbers('delete half at random from the list'), [0.5]);
    assert.deepEqual(findNumbers('round half up in python'), [0.5]);
    assert.deepEqual(findNumbers('stocks: should I sell half'), [0.5]);
    assert.deepEqual(findNumbers('register the other half on the server'), []);
  });
});

describe('"only, not everything" says "only" again (decision 245)', () => {
  it('reads no negation in it, and still one in a negated "only"', () => {
    assert.notEqual(
      checkGuards(
        'firefox: clear the cache for one site only, not everything',
        'firefox: clear the cache for just one site',
      ),
      'negation',
    );
    assert.equal(
      checkGuards(
        'firefox: clear the cache for one site only',
        'firefox: do not clear the cache for one site only',
      ),
      'negation',
    );
  });
});
