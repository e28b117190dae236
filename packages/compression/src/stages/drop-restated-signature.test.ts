import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropRestatedSignature } from './drop-restated-signature.ts';

// Decision 231: a sign-off name the message already gives as the writer's says it twice.
describe('dropRestatedSignature (decision 231)', () => {
  it('drops a closing name line when the writer names themself in the text', () => {
    assert.equal(
      dropRestatedSignature('There are 4 of us: me (Jess), Aoife and Tom. Plan it.\n\nJess x'),
      'There are 4 of us: me (Jess), Aoife and Tom. Plan it.',
    );
    assert.equal(
      dropRestatedSignature('Present: me (Nadia Reyes, sec), Colin.\nThank you!\nNadia'),
      'Present: me (Nadia Reyes, sec), Colin.\nThank you!',
    );
  });

  it('keeps a signature the text does not restate, or that is not alone on the last line', () => {
    for (const text of [
      'Write a note to Gerald about the hedge.\n\nMaggie',
      'Ask Jess about it.\n\nJess x',
      'Email Tom Eckert the new contract.\nTom Eckert',
      'Summarise it for Priya.\nPriya: thanks',
    ])
      assert.equal(dropRestatedSignature(text), text);
  });

  it('keeps a name line that completes the text or follows a valediction (review)', () => {
    for (const text of [
      // The last line finishes the sentence before it: content, not a sign-off.
      "I'm Chris. The last chapter of my novel is called\nChris Evans",
      "Write the sign-off for my email. I'm Dana. It should end with my name:\nDana",
      // Without the name, "Regards," would close on nothing.
      'Write to my landlord. My name is Sam Smith.\nRegards,\nSam Smith',
    ])
      assert.equal(dropRestatedSignature(text), text);
  });

  it('keeps a two-word sign-off whose surname the text does not give (review)', () => {
    const text = 'My name is Jess. Plan the party.\nJess Jones x';
    assert.equal(dropRestatedSignature(text), text);
    assert.equal(
      dropRestatedSignature('My name is Jess Jones. Plan the party.\nJess Jones x'),
      'My name is Jess Jones. Plan the party.',
    );
  });
});
