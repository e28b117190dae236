// Issue 17: the aggressive level keeps both halves of a phrase, a future's "will", and what a
// verb acts on (decision 074). Each sentence lost the words named in `kept` before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';

const cases: { rule: string; text: string; after: string }[] = [
  {
    rule: 'the complement of "the X of/for the Y"',
    text: 'Yesterday I finished the review of the payment service and merged the fix for the login bug.',
    // Was "I finished review bug."
    after: 'I finished review of payment service merged fix for login bug.',
  },
  {
    rule: 'a head noun phrase and a chain of complements',
    text: 'He says the cause was a missing limit for the size of the index.',
    // Was "He says cause limit for size of index."
    after: 'He says cause missing limit for size of index.',
  },
  {
    rule: 'a future "will"',
    text: 'So Maria will run the demo of the new dashboard on Friday.',
    after: 'Maria will run demo of new dashboard on Friday.',
  },
  {
    rule: 'the subject of a past verb with no auxiliary',
    text: 'Our team grew last year and the crash rate fell sharply after the release.',
    // Was "Grew crash sharply after release."
    after: 'Team grew crash rate fell release.',
  },
  {
    rule: 'a preposition whose object kept its head but lost a modifier',
    text: 'The job copies the nightly backups to the archive bucket every morning.',
    // Was "Backups bucket morning."
    after: 'Backups to bucket morning.',
  },
  {
    rule: 'a relative "where"',
    text: 'I want it to skip rows where the amount is empty.',
    after: 'Want it to skip rows where amount empty.',
  },
  {
    rule: 'an imperative acting on a pronoun',
    text: 'Prove it in the fridge overnight.',
    // Was "It overnight."
    after: 'Prove it in fridge overnight.',
  },
  {
    rule: 'the object of the verb after "to"',
    text: 'My manager asked me to check the report before Friday.',
    after: 'Manager asked me to check report before Friday.',
  },
  {
    rule: 'an imperative after its place in a list, with modifiers joined by "but"',
    text: 'First, write a firm but polite final reminder email to Oliver, mentioning the invoice number.',
    // Was "First, write but to Oliver, number." "invoice" is rare, and names the number with it
    // (decision 157).
    after: 'First, write firm but polite final reminder email to Oliver, invoice number.',
  },
  {
    rule: 'an imperative after "always"',
    text: '- Always greet the customer by first name.',
    // The bullet's marker goes too (decision 163).
    after: 'Always greet customer by first name.',
  },
  {
    rule: 'the object of a verb after "to" with no determiner',
    text: "I don't want to threaten legal action yet.",
    after: "I don't want to threaten legal action yet.",
  },
  {
    rule: 'a word with a letter outside A-Z is never cut in two',
    text: 'Hola, me llamo Lucía Ferrer. Compré la lámpara de escritorio el 14 de noviembre.',
    // Was "Compréámpara". A Spanish sentence now loses no word to English frequencies either.
    after: 'Me llamo Lucía Ferrer. Compré la lámpara de escritorio el 14 de noviembre.',
  },
  {
    rule: 'what a quantity counts from',
    text: 'Warranty is 2 years from delivery date for all lamps; 1 year for bulbs.',
    // Was "Warranty 2 years lamps; 1 year for bulbs." The "is" that ties the label to the
    // quantity stays too (decision 097).
    after: 'Warranty is 2 years from delivery date for lamps; 1 year for bulbs.',
  },
  {
    rule: 'the unit of a rate',
    text: 'We booked the package at €289 per night which was supposed to include champagne.',
    // Was "We booked package at €289 include champagne."
    after: 'We booked package at €289 per night supposed to include champagne.',
  },
  {
    rule: 'the label a colon puts before a number',
    text: 'Amount claimed: £620.00. Benefit payable: £300.00.',
    // Was "Claimed: £620.00. Payable: £300.00."
    after: 'Amount claimed: £620.00. Benefit payable: £300.00.',
  },
];

describe('aggressive keeps whole phrases (decision 074)', () => {
  for (const { rule, text, after } of cases)
    it(rule, () => assert.equal(compressText(text, 'aggressive', 'user'), after));

  it('asks "how much do I owe" as a fact, not as advice', () => {
    assert.equal(compressText('How much do I owe?', 'aggressive', 'user'), 'How much do I owe?');
    assert.equal(
      compressText('How much should I pay for a visa?', 'aggressive', 'user'),
      'How much to pay for visa?',
    );
  });

  it('keeps a phrasal verb with its particle in a longer list of rules', () => {
    const rules =
      'SUPPORT RULES\nYou are the support assistant for Lumo Lamps, a shop selling smart bulbs and desk lamps.\n- Always greet the customer by first name.\n- Reply in the language of the customer.\n- Escalate to a human if the customer mentions fire, smoke or electric shock.\n- Sign off as "Lumo Support".\n\nWrite the reply.';
    assert.match(compressText(rules, 'aggressive', 'user'), /Sign off as "Lumo Support"/);
  });

  it('leaves a subject "it" after an adverb alone', () => {
    assert.equal(
      compressText('Today it rained all day in the valley.', 'aggressive', 'user'),
      'It rained valley.',
    );
  });
});
