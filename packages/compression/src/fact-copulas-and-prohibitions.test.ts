// Decision 097: what the aggressive level dropped from the user's own words on the independent
// set, written again here in other words. A negation keeps what it forbids, a copula stays between
// a fact and its label, a rate keeps its unit when "per" is protected, and a wish for how the
// answer should read is a request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';

/** The last user message, where requests and operative words are protected. */
function lastUser(text: string): string {
  return compressText(text, 'aggressive', 'user', { isLastUserMessage: true });
}

/** A paragraph of more than 80 words, which the instruction rule leaves to the pruner. */
const STORY =
  'I have been running the community choir for about six years now and most of the time it is a lot of fun, although the admin side takes far more of my evenings than I ever expected when I first agreed to take it on, and the committee keeps adding little jobs to my list every single month without really asking whether I have the time for any of them, which is starting to wear me down a bit if I am honest with you.';

describe('a negation keeps what it forbids (decision 097)', () => {
  it('keeps the object of a forbidden verb in the user own words', () => {
    const out = lastUser(
      `${STORY} Never forward the private rehearsal recordings to anyone, and do not mention the treasurer by name in the newsletter.\n\nWrite the newsletter.`,
    );
    assert.match(out, /Never forward private rehearsal recordings/);
    assert.match(out, /n['’]t mention treasurer by name/);
  });

  it('reads a negation typed without its apostrophe', () => {
    const out = lastUser(
      `${STORY} The committee wants a fresh flyer, so it dont matter what the old flyer text said.\n\nHelp me.`,
    );
    assert.match(out, /dont matter/);
  });

  it('keeps only the negated verb in pasted material', () => {
    const out = lastUser(
      `Summarise the policy below.\n\nMembers who do not renew before the deadline lose their place in the choir and the waiting list decides who joins next.\n\nKeep it short.`,
    );
    assert.match(out, /n['’]t renew/);
  });
});

describe('a fact keeps the words that tie it to its label (decision 097)', () => {
  it('keeps "is" between a label and its amount', () => {
    assert.match(
      compressText('The whole hall budget is about £420 for the evening.', 'aggressive', 'user'),
      /budget is about £420/,
    );
  });

  it('keeps "was" before a past value', () => {
    assert.match(
      compressText('Server: redis 7.2.4 (was 6.2.14), two replicas.', 'aggressive', 'user'),
      /7\.2\.4 \(was 6\.2\.14\)/,
    );
  });

  it('keeps the copula after a name', () => {
    assert.match(
      compressText(
        'A few notes for the seating plan: Marguerite is diabetic and the tenors sit together.',
        'aggressive',
        'user',
      ),
      /Marguerite is diabetic/,
    );
  });

  it('keeps the unit of a rate when "per" is protected', () => {
    const out = lastUser(
      `Reply to the customer.\n\nThey booked the suite at €310 per night which was supposed to include breakfast, and they stayed for two nights in the end.\n\nKeep it short.`,
    );
    assert.match(out, /€310 per night/);
  });

  it('keeps the verb of a question asked inside a request', () => {
    assert.match(
      lastUser('Could you explain what my choices are in Scotland if the hall cancels?'),
      /what my choices are in Scotland/,
    );
  });
});

describe('a wish for the answer is a request (decision 097)', () => {
  it('keeps the words of "what I would like is ..."', () => {
    const out = lastUser(
      `Help me with the choir.\n\n${STORY} What I'd like is a short, cheerful reminder email to the sopranos, thanking them properly.\n\nKeep it under 100 words.`,
    );
    assert.match(out, /short, cheerful reminder email/);
  });
});
