// Decision 074: what wordy users write around a request carries no meaning and goes at every level;
// the words that make a quantity or a preference stay at balanced. Sentences of the kind the
// independent set's authors wrote (before → after).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';

const conservative = (text: string) =>
  compressText(text, 'conservative', 'user', { isLastUserMessage: true });
const balanced = (text: string) =>
  compressText(text, 'balanced', 'user', { isLastUserMessage: true });

describe('politeness and chat filler go at every level (decision 074)', () => {
  const cases: [string, string][] = [
    [
      'Hello, good morning! I work at the Harbourview Hotel in Galway.',
      'I work at the Harbourview Hotel in Galway.',
    ],
    [
      "I'm sorry to bother you with this but I got a letter from my dental insurance.",
      'I got a letter from my dental insurance.',
    ],
    [
      'Sorry to bother you with something so small, but I was wondering if you could possibly help me write a note to my neighbour.',
      'Could you help me write a note to my neighbour.',
    ],
    [
      "Answer in two sentences, I don't need a lecture lol.",
      "Answer in two sentences, I don't need a lecture.",
    ],
    [
      "It needs to be 80 words. Thank you so much, you're a lifesaver!!",
      'It needs to be 80 words.',
    ],
    [
      'Keep it under 130 words. I do appreciate the help with this one!',
      'Keep it under 130 words.',
    ],
    [
      "I hope it's ok to ask this here. I'm a freelance illustrator.",
      "I'm a freelance illustrator.",
    ],
    ['Bonjour! Ok so I am in my second year of French.', 'I am in my second year of French.'],
    [
      'Sign it Orla.\n\nThank you so much, I really do appreciate the help with this one!',
      'Sign it Orla.',
    ],
    [
      'Tom is the organised one (I am not lol). Fine.',
      'Tom is the organised one (I am not). Fine.',
    ],
    [
      'The review hurt. Some background for you. The spa wing is being built next door.',
      'The review hurt. The spa wing is being built next door.',
    ],
    [
      'So how much am I getting and how much do I owe the dentist?',
      'How much am I getting and how much do I owe the dentist?',
    ],
  ];
  for (const [before, after] of cases) it(after, () => assert.equal(conservative(before), after));

  it('strips a disclaimer that refuses liability for viruses, and keeps the sentence after it', () => {
    assert.equal(
      conservative(
        'Call me.\n\nAcme Packaging B.V. accepts no liability for any damage caused by viruses transmitted by this e-mail. Registered in the Netherlands.',
      ),
      'Call me.\n\nRegistered in the Netherlands.',
    );
    assert.equal(
      conservative(
        'Call me.\n\nNOTICE: Acme B.V. accepts no liability for any damage caused by viruses. Registered in Utrecht.',
      ),
      'Call me.\n\nRegistered in Utrecht.',
    );
  });
});

describe('balanced keeps the words that make a quantity or a preference (decision 074)', () => {
  const cases: [string, string][] = [
    // Was "We'd not do pub crawl, we're bit past that."
    [
      "We'd rather not do a pub crawl, we're a bit past that.",
      "We'd rather not do pub crawl, we're a bit past that.",
    ],
    // Was "in few bullet points": "few" is next to none. (The request frame goes since decision
    // 183.)
    [
      'Could you explain it to me simply, in a few bullet points?',
      'Explain it to me simply, in a few bullet points?',
    ],
    // Was "what options are".
    [
      'Could you briefly explain what my options are in the UK?',
      'Briefly explain what my options are in UK?',
    ],
    // Was "Here it's:", which cannot end a clause. (A "Here it is:" that ends the text or its line
    // only hands over what follows and goes, decision 097.)
    ["I've written it below. Here it is: the draft.", "I've written it below. Here it is: draft."],
  ];
  for (const [before, after] of cases) it(after, () => assert.equal(balanced(before), after));
});
