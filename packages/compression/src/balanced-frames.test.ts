// Issue 17: what the balanced level keeps that an editor would cut without changing an answer
// (decision 183). Each case kept the words it now drops.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';

const balanced = (text: string) =>
  compressText(text, 'balanced', 'user', { isLastUserMessage: true });

describe('balanced drops verbose frames (decision 183)', () => {
  it('turns a request framed as a question into its verb', () => {
    assert.equal(
      balanced('Could you write a product description for my Etsy listing? It sells candles.'),
      'Write product description for Etsy listing? It sells candles.',
    );
  });

  it('keeps the frame of a question about what the model can perceive, know or think', () => {
    for (const asked of [
      'Can you read Japanese?',
      'Can you see the image I sent?',
      'Would you say it is safe?',
      'Can you access the internet?',
    ]) {
      assert.match(balanced(asked), /^(?:Can|Would) you /, asked);
    }
    assert.equal(balanced('Could you write a haiku about rain?'), 'Write haiku about rain?');
  });

  it('keeps the frame of a how-to question, which would read broken without it', () => {
    assert.match(balanced('How do I find out if the deposit was protected?'), /^How do I find/);
  });

  it('drops "pls", "at all" after a negation, and a "Details:" label ending its line', () => {
    assert.equal(
      balanced('Keep it short pls, I got no reply at all.'),
      'Keep it short, I got no reply.',
    );
    // The negation is looked for 200 characters back at most: past that, "at all" stays, and a
    // text of many "at all"s costs a bounded look each instead of a scan to the sentence start.
    const far = `I did not ${'really '.repeat(40)}like it at all.`;
    assert.match(balanced(far), /like it at all\.$/);
    // A capitalised "PLS" is a name, masked before the filler stage.
    assert.equal(balanced('Use the PLS regression for the data.'), 'Use PLS regression for data.');
    assert.equal(
      balanced('Need a plan for a retirement lunch. Details:\n- Guests: 45\n- Budget: €2,200'),
      // The list keeps its lines without its markers (decision 221).
      'Need plan for retirement lunch.\nGuests: 45\nBudget: €2,200',
    );
  });
});
