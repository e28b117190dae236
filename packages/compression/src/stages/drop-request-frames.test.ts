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

  it('keeps the how-to frames when asked for the requests alone (balanced, decision 183)', () => {
    assert.equal(
      dropRequestFrames('Can you check it? How do I find out if it works?', false),
      'Check it? How do I find out if it works?',
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

  it('keeps the frame before a word that is not the verb, or that asks whether it can be done', () => {
    // Without it: "Not use jargon?", "Still be here?", "Have prevented it?", "Rather go?", and
    // "Can you really do that?" turned from a doubt into an order, "Do that?".
    for (const text of [
      'Can you not use jargon?',
      'Could you never mention it again?',
      'Will you still be here tomorrow?',
      'Could you have prevented it?',
      'Would you rather go to Rome or Paris?',
      'Can you really do that?',
      'Can you actually see images?',
      'Could you ever forgive me?',
      'Could you even run it offline?',
      'Could you possibly send it today?',
    ])
      assert.equal(dropRequestFrames(text, false), text);
  });

  it('keeps the frame of a short question about what the model can do', () => {
    // Without it: "Run code?" and "Open PDFs?" read as orders (stop 43's note).
    for (const text of ['Can you run code?', 'Could you open PDFs?', 'Can you generate images?'])
      assert.equal(dropRequestFrames(text, false), text);
    assert.equal(dropRequestFrames('Can you check it?', false), 'Check it?');
    assert.equal(dropRequestFrames('Can you open the PDF?', false), 'Open the PDF?');
    assert.equal(dropRequestFrames('Can you list 3 options?', false), 'List 3 options?');
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

  it('turns a hope for help into the request (decision 163)', () => {
    assert.equal(
      dropRequestFrames("I'm hoping you can help me understand a letter. It is long."),
      'Help me understand a letter. It is long.',
    );
    assert.equal(
      dropRequestFrames('Hope you could help me with this, I am stuck.'),
      'Help me with this, I am stuck.',
    );
    // A wish is not a request, and a hope inside a sentence is someone's.
    for (const text of ['I hope you can make it on Friday.', 'She said I hope you can help.'])
      assert.equal(dropRequestFrames(text), text);
  });

  it('unwraps "if you could ..., that would be great" (decision 163)', () => {
    assert.equal(
      dropRequestFrames("Also if you could suggest an area to stay in that'd be great. Thanks"),
      'Suggest an area to stay in. Thanks',
    );
    assert.equal(
      dropRequestFrames('If you could send it by Friday, that would be really helpful!'),
      'Send it by Friday!',
    );
    for (const text of [
      'If you could send it, we can start.',
      'We asked if you could help, that would be great.',
      "If it could fit on one page that'd be amazing.",
    ])
      assert.equal(dropRequestFrames(text), text);
  });

  it('reads a sentence start where it is once an earlier frame went (decision 163)', () => {
    // The first frame shortened the text, and "what does" was then read at a sentence start
    // ("And so what all this mean?"), or a sentence start missed.
    assert.equal(
      dropRequestFrames('Can you list them? And so what does all this mean?'),
      'List them? And so what does all this mean?',
    );
    assert.equal(
      dropRequestFrames('Can you list them? what does all this mean?'),
      'List them? what all this mean?',
    );
  });

  it('drops the frame after a connective opening the sentence, with the how-to frames (decision 221)', () => {
    assert.equal(
      dropRequestFrames('First, write a reminder. Second, could you briefly explain my options?'),
      'First, write a reminder. Second, briefly explain my options?',
    );
    assert.equal(
      dropRequestFrames('And could you put them in a checklist?'),
      'And put them in a checklist?',
    );
    for (const text of [
      // Balanced keeps it: the readability check counts the dropped "could you" (decision 183).
      'Thanks. And could you put them in a checklist?',
      // Inside a sentence the writer's own clause would read as an order to the writer.
      'I took notes and could you turn them into minutes?',
    ])
      assert.equal(dropRequestFrames(text, false), text);
    assert.equal(
      dropRequestFrames('I took notes and could you turn them into minutes?'),
      'I took notes and could you turn them into minutes?',
    );
    assert.equal(dropRequestFrames('Also, can you run code?'), 'Also, can you run code?');
  });
});
