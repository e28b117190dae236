import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropRequestFrames } from './drop-request-frames.ts';

describe('dropRequestFrames', () => {
  it('turns a request framed as a question into its verb', () => {
    assert.equal(
      dropRequestFrames('Can you suggest a 3 day itinerary for Rome? We like food.'),
      'Suggest a 3 day itinerary for Rome? We like food.',
    );
    assert.equal(
      dropRequestFrames('It is wrong.\nCould you please check this and send a new one?'),
      'It is wrong.\nCheck this and send a new one?',
    );
  });

  it('keeps an offer, a "be" and a frame inside a sentence', () => {
    for (const text of [
      'Would you like a copy?',
      'Can you be there at 9?',
      'I asked whether you can help with it.',
    ])
      assert.equal(dropRequestFrames(text), text);
  });
});
