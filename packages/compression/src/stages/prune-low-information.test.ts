import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SpanTable } from '../protect/span-table.ts';
import { FUNCTION_WORDS } from '../text/word-lists.ts';
import { pruneLowInformation } from './prune-low-information.ts';

const sentence =
  'The committee reviewed the proposal in the morning and the members approved the budget for the new library building';

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z']+/g) ?? [];
}

describe('pruneLowInformation', () => {
  it('drops the least informative words first and stops at the budget', () => {
    const out = pruneLowInformation(sentence, { tokensToRemove: 4, maxLineShare: 0.8 });
    const count = (text: string, word: string) => words(text).filter((w) => w === word).length;
    assert.equal(words(sentence).length - words(out).length, 4, out);
    assert.equal(
      count(sentence, 'the') - count(out, 'the'),
      4,
      'the commonest word, "the", goes first',
    );
  });

  it('never removes more of a line than its cap allows', () => {
    const out = pruneLowInformation(sentence, { tokensToRemove: 1000, maxLineShare: 0.5 });
    assert.ok(words(out).length >= Math.ceil(words(sentence).length / 2), out);
  });

  it('caps each sentence of a paragraph, not only the paragraph', () => {
    const paragraph =
      'She wrote that the owner of the building wants to raise the rent from September. We have lived in the flat for many years and we have never paid late.';
    const perLine = pruneLowInformation(paragraph, { tokensToRemove: 1000, maxLineShare: 0.8 });
    const perSentence = pruneLowInformation(paragraph, {
      tokensToRemove: 1000,
      maxLineShare: 0.8,
      maxSentenceShare: 0.5,
    });
    for (const [i, source] of paragraph.split('. ').entries()) {
      const kept = words(perSentence.split('. ')[i] ?? '').length;
      assert.ok(kept >= Math.ceil(words(source).length / 2), perSentence);
    }
    assert.ok(words(perSentence).length > words(perLine).length, `${perLine} | ${perSentence}`);
  });

  it('keeps the verb after "to": what is wanted', () => {
    const out = pruneLowInformation(
      'The owner of the building wants to raise the rent from September.',
      {
        tokensToRemove: 1000,
        maxLineShare: 0.9,
      },
    );
    assert.match(out, /raise/);
  });

  it('keeps what a number written as a word counts', () => {
    const out = pruneLowInformation(
      'We have lived in the flat for four years and paid late twice.',
      {
        tokensToRemove: 1000,
        maxLineShare: 0.9,
      },
    );
    assert.match(out, /four years/);
  });

  it('prunes only the given closed class when asked (the balanced level)', () => {
    const out = pruneLowInformation(sentence, {
      tokensToRemove: 1000,
      maxLineShare: 1,
      onlyWords: FUNCTION_WORDS,
    });
    for (const word of words(out).filter((w) => !words(sentence).includes(w)))
      assert.fail(`invented ${word}`);
    for (const word of words(sentence).filter((w) => !FUNCTION_WORDS.has(w)))
      assert.ok(words(out).includes(word), `lost ${word}`);
  });

  it('keeps negations and logic words whatever the budget', () => {
    const text =
      'Do not send the report unless the manager has signed it or the deadline has passed';
    const out = pruneLowInformation(text, { tokensToRemove: 1000, maxLineShare: 1 });
    for (const word of ['not', 'unless', 'or']) assert.ok(words(out).includes(word), out);
  });

  it('keeps the unit after a number and the preposition before a protected span', () => {
    const table = new SpanTable();
    const twenty = table.protect('20');
    const lyon = table.protect('Lyon');
    const text = `The parents are entitled to ${twenty} weeks of paid leave when they move from ${lyon} in the summer`;
    const out = table.restore(
      pruneLowInformation(text, {
        tokensToRemove: 1000,
        maxLineShare: 0.8,
        isQuantity: (p) => /^\d/.test(table.restore(p)),
      }),
    );
    assert.ok(out.includes('20 weeks') && out.includes('from Lyon'), out);
  });

  it('leaves headings, table rows and lines that are only a placeholder alone', () => {
    const text = '# The heading of the section is here\n| the | a | an | of | to |';
    assert.equal(pruneLowInformation(text, { tokensToRemove: 1000, maxLineShare: 1 }), text);
  });

  it("caps the share of a sentence's content words that may go (decision 053)", () => {
    const text =
      'Yesterday I finished the review of the payment service and merged the fix for the login bug.';
    const contentWords = (t: string) => words(t).filter((w) => !FUNCTION_WORDS.has(w));
    const uncapped = pruneLowInformation(text, { tokensToRemove: 1000, maxLineShare: 1 });
    const capped = pruneLowInformation(text, {
      tokensToRemove: 1000,
      maxLineShare: 1,
      maxContentShare: 0.5,
    });
    assert.ok(contentWords(capped).length >= contentWords(text).length / 2, capped);
    assert.ok(contentWords(capped).length > contentWords(uncapped).length, uncapped);
  });

  it('drops a preposition only with its object when asked (the aggressive level)', () => {
    const text = 'Please respond with care to the angry customer in the morning.';
    const options = { tokensToRemove: 1000, maxLineShare: 1, maxContentShare: 0 };
    assert.equal(pruneLowInformation(text, options), 'Please respond care angry customer morning.');
    assert.equal(
      pruneLowInformation(text, { ...options, prepositionsGoWithObject: true }),
      'Please respond with care to angry customer in morning.',
    );
  });

  it('keeps the verb after a subject and the head of an "of" phrase', () => {
    const out = pruneLowInformation(
      'She wrote that the owner of the building wants more money from us.',
      { tokensToRemove: 1000, maxLineShare: 1, maxContentShare: 0.5 },
    );
    assert.match(out, /wrote/);
    assert.match(out, /owner/);
  });

  it('keeps "rather" before "than" and a connective between two clauses', () => {
    const options = { tokensToRemove: 1000, maxLineShare: 1, maxContentShare: 0.5 };
    assert.match(
      pruneLowInformation('Failed files go to a recovery folder rather than the bin.', options),
      /rather than/,
    );
    assert.match(
      pruneLowInformation('I will be late because the train is cancelled.', options),
      /because/,
    );
  });

  it('drops the "you" that opens a clause of a system prompt, never an object "you"', () => {
    const text = 'You help customers plan trips, and you tell them what the hotels cost for you.';
    const options = { tokensToRemove: 1000, maxLineShare: 1, maxContentShare: 0, readable: true };
    const youOf = (t: string) => words(t).filter((w) => w === 'you').length;
    assert.equal(youOf(pruneLowInformation(text, options)), 3);
    const out = pruneLowInformation(text, {
      ...options,
      impliedSubjects: new Set(['you', "you're"]),
    });
    // The capital comes back once spans are restored (`capitaliseMarked`).
    assert.match(
      out,
      /^\W?help customers plan trips, (and )?tell them what hotels cost (for )?you\.$/i,
    );
  });

  it('drops the "I" of a user message before a verb that reads as a statement, not an order', () => {
    const options = {
      tokensToRemove: 1000,
      maxLineShare: 1,
      maxContentShare: 0,
      readable: true,
      impliedSubjects: new Set(['i']),
    };
    const out = pruneLowInformation('I found two bugs. I need a plan. I use Postgres.', options);
    // "Use Postgres" would read as an order; the capital comes back with `capitaliseMarked`.
    assert.match(out, /^\W?found two bugs\. \W?need plan\. I use Postgres\.$/i);
  });

  it('drops a "that" after a verb of saying or finding in a telegram, never a relative one', () => {
    // Content words stay (a zero cap), so only the grammar words are offered.
    const options = { tokensToRemove: 1000, maxLineShare: 1, maxContentShare: 0, readable: true };
    const reported = 'The chief executive presented the update, noting that orders rose sharply.';
    assert.match(pruneLowInformation(reported, options), /noting that orders/);
    assert.match(pruneLowInformation(reported, { ...options, telegraphic: true }), /noting orders/);
    const relative = 'They sell a product that customers rate highly.';
    assert.match(
      pruneLowInformation(relative, { ...options, telegraphic: true }),
      /that customers/,
    );
  });
});
