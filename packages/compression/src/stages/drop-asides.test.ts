import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
});
