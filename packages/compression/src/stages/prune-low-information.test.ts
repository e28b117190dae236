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
});
