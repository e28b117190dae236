import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropExistentialFrames } from './drop-existential-frames.ts';

describe('dropExistentialFrames', () => {
  it('says what exists without announcing it', () => {
    assert.equal(
      dropExistentialFrames('There are three reasons. There was an outage at 9.'),
      'Three reasons. An outage at 9.',
    );
    assert.equal(dropExistentialFrames("It failed.\nThere's no backup."), 'It failed.\nNo backup.');
  });

  it('keeps "there" inside a sentence, in a question and as a place', () => {
    for (const text of [
      'Is there a way to export it?',
      'We tried, and there are still errors.',
      'Put it there.',
    ])
      assert.equal(dropExistentialFrames(text), text);
  });
});
