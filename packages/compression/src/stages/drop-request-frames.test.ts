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

  it('asks how, where or what to do without its asker', () => {
    assert.equal(
      dropRequestFrames('How can I improve my credit score quickly?'),
      'How to improve my credit score quickly?',
    );
    assert.equal(
      dropRequestFrames('How long should I boil an egg? Where do I even start?'),
      'How long to boil an egg? Where to even start?',
    );
    assert.equal(dropRequestFrames('What should I pack for a week?'), 'What to pack for a week?');
    assert.equal(
      dropRequestFrames('How do noise cancelling headphones work?'),
      'How noise cancelling headphones work?',
    );
  });

  it('keeps a question whose verb may be what is asked about, and "why"', () => {
    for (const text of [
      'What do I need for the visa?',
      'Why does it fail on Mondays?',
      'What does it mean?',
      'I asked how I can help.',
    ])
      assert.equal(dropRequestFrames(text), text);
  });
});
