import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from '../compress-text.ts';
import { dropAsides } from './drop-asides.ts';

// Decision 231: what a careful editor cuts from a request and no rule took.
describe('dropAsides (decision 231)', () => {
  it('drops an aside in brackets that the writer marks as a joke', () => {
    assert.equal(
      dropAsides(
        "I've been roped into being secretary (long story, nobody else volunteered, ha) and I took notes.",
      ),
      "I've been roped into being secretary and I took notes.",
    );
    assert.equal(
      dropAsides('Apparently I\'m "the organised one" (I am not lol). We fly on Friday.'),
      'Apparently I\'m "the organised one". We fly on Friday.',
    );
  });

  it('keeps a bracket that says something, laughing or not', () => {
    for (const text of [
      'The fee rose (from £45 to £52) this year.',
      'We met at the Ha Long (Vietnam) office.',
      'Use the lol package (it is tiny).',
      'Call me (ha, as if) tomorrow at 9 about the 3 invoices (lol)',
    ])
      assert.equal(dropAsides(text), text.replace(' (lol)', ''));
  });

  it('drops a sentence that only says the text is pasted below', () => {
    assert.equal(
      dropAsides("I took notes. I've pasted my scribbles below.\n\nMeeting Mon 3 Feb."),
      'I took notes.\n\nMeeting Mon 3 Feb.',
    );
    assert.equal(
      dropAsides('Fix the layout. I have copied the code below.\n\nfoo'),
      'Fix the layout.\n\nfoo',
    );
    // Not where it says more: what was changed, or where else it is.
    for (const text of [
      "I've copied it below (I changed nothing except taking out her address):\n\nDear Mrs H,",
      "I've pasted the logs below and in the ticket.",
    ])
      assert.equal(dropAsides(text), text);
  });

  it('drops "help me with two things" before the things, numbered', () => {
    assert.equal(
      dropAsides(
        'Could you help me with two things please? First, write a reminder. Second, explain it.',
      ),
      'First, write a reminder. Second, explain it.',
    );
    assert.equal(
      dropAsides('Help me with a couple of things:\nFirstly, write a reminder.'),
      'Firstly, write a reminder.',
    );
    // Not where the things are not listed after it.
    const text = 'Could you help me with two things? The printer and the router both fail.';
    assert.equal(dropAsides(text), text);
  });

  it('keeps a joke aside that holds a number or a name (review)', () => {
    for (const [text, kept] of [
      ['The venue holds 40 people (we booked it for 200 lol). Plan the seating.', /200/],
      ['The budget is £500 (it was £300 last year, haha). Make a plan.', /£300/],
      ['Book the table for Friday (not Saturday, ha). Send the confirmation.', /not Saturday/],
    ] as const)
      for (const level of ['balanced', 'aggressive'] as const)
        assert.match(compressText(text, level, 'user'), kept, `${level}: ${text}`);
  });

  it('keeps "pasted below" where the paragraph goes on after it (review)', () => {
    // "it" would point at nothing, and the sentence would leave a space where it began.
    for (const text of [
      "I've put the old version below. Don't change it.",
      "I've pasted the error below. It happens only on Windows.",
    ])
      assert.equal(dropAsides(text), text);
  });

  it('keeps "help me with two things" where the first thing is not an instruction (review)', () => {
    // Without it, "First, the budget is tight." asks for nothing.
    for (const text of [
      'Help me with two things: First, the budget is tight. Second, the venue is far.',
      "Could you help me with two things? First, I'm not sure the design is right.",
    ])
      assert.equal(dropAsides(text), text);
    // A question asks as an instruction does.
    assert.equal(
      dropAsides('Could you help me with a few questions? First, what is a mutex?'),
      'First, what is a mutex?',
    );
  });

  it('keeps a joke aside that states a plan or a rule (review)', () => {
    // "lol" softens as often as it jokes: what the writer will do or forbids is still said.
    for (const text of [
      'The meeting is at noon (I will be late lol). Draft an apology.',
      "We moved the party (I'll bring the cake, haha). Write the invite.",
      'My password is hunter2 (do not tell anyone lol). Why does login fail?',
    ])
      assert.equal(dropAsides(text), text);
  });
});
