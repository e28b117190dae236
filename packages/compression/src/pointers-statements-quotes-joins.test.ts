// Decision 240: defects noticed at the last stop. A joke aside that points somewhere stays; a
// name ending in "-ly" before a verb with "-s" opens a statement, not an order; a letter the
// user pasted in double quotes over several lines is left as it is; a second instruction keeps
// the "and" that joins it in an earlier turn.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressMessages } from './compress-messages.ts';
import { compressText } from './compress-text.ts';
import { COMPRESSION_LEVELS } from './levels.ts';

describe('pointers, statements, pasted quotes and joined instructions (decision 240)', () => {
  it('keeps a joke aside that points the reader somewhere, without its laughter', () => {
    const text =
      'I tried changing the config but it did not work at all (see the docs lol) so now I am stuck with the old version.';
    for (const level of COMPRESSION_LEVELS)
      for (const last of [true, false]) {
        const out = compressText(text, level, 'user', { isLastUserMessage: last });
        assert.match(out, /\(see (?:the )?docs\)/, `${level}: ${out}`);
      }
  });

  it('still drops a joke aside that says nothing', () => {
    assert.equal(
      compressText('I signed up to run the stall (long story, ha) and need a plan.', 'balanced'),
      'I signed up to run stall and need plan.',
    );
  });

  it('reads "Nightly builds the project" as a statement, as it reads "Jenkins builds …"', () => {
    const rest =
      ' builds the project from the main branch and uploads the resulting artefacts to the shared drive for the testers.';
    for (const role of ['user', 'system'] as const) {
      const named = compressText(`Jenkins${rest}`, 'aggressive', role);
      const nightly = compressText(`Nightly${rest}`, 'aggressive', role);
      assert.equal(nightly, named.replace('Jenkins', 'Nightly'), role);
    }
  });

  it('still reads an adverb before a bare verb as an order', () => {
    const out = compressText(
      'We keep the server logs for a month. Daily check the disk usage of the backup server.',
      'aggressive',
      'user',
      { isLastUserMessage: false },
    );
    assert.match(out, /check disk usage/i, out);
  });

  it('leaves a multi-line letter pasted in double quotes as it is', () => {
    const letter =
      '"Dear Mrs Halvorsen,\nFollowing your review in the clinic on 4 February, you have been referred for a scan. Please arrive 20 minutes before your appointment. Please do not eat for 4 hours prior to the scan.\nPatient ref: WGH-448120"';
    const text = `Hi, I'm hoping you can help me understand a letter I got from the hospital yesterday. I've copied it below:\n\n${letter}\n\nWhat does all this actually mean? Please explain it simply.`;
    for (const level of COMPRESSION_LEVELS)
      for (const last of [true, false]) {
        const out = compressText(text, level, 'user', { isLastUserMessage: last });
        assert.ok(out.includes(letter), `${level}${last ? '' : ' (earlier turn)'}: ${out}`);
        assert.doesNotMatch(out, /^Hi\b/, level);
      }
  });

  it('leaves a pasted review on one line as it is, however long', () => {
    const review =
      '"Stayed 3 nights in room 412 for our 10th wedding anniversary. Booked the Romance Package at 289 euros per night which was supposed to include champagne on arrival and a late checkout. No champagne, and when we asked for the late checkout at reception we were told it was not available. Worst of all, there was construction noise from 7am every morning."';
    const text = `A guest posted this review on Sunday:\n\n${review}\n\nPlease write a short public reply.`;
    for (const level of COMPRESSION_LEVELS)
      assert.ok(compressText(text, level).includes(review), level);
  });

  it('reads "Apologies from Graham" in minutes as an absence, not a request for an apology', () => {
    const text =
      "I'm the new secretary and I have no idea what I'm doing. Turn my notes into minutes.\n\nPresent: Bernadette, Hugh, Colin. Apologies from Graham.\nWater bill up 18% this year.";
    const out = compressText(text, 'balanced');
    assert.doesNotMatch(out, /no idea/, out);
    assert.match(out, /Apologies from Graham/, out);
  });

  it('keeps the "and" of a second instruction in an earlier turn at aggressive', () => {
    for (const first of [
      'Summarise the report for the board and make it super short.',
      'Summarise the attached quarterly report for the board meeting on Tuesday, and make it super short, no more than five bullet points.',
    ]) {
      const { messages } = compressMessages(
        [
          { role: 'user', content: first },
          { role: 'assistant', content: 'Here is a short summary of the report.' },
          { role: 'user', content: 'Thanks, now do the same for the budget.' },
        ],
        'aggressive',
      );
      assert.match(String(messages[0]?.content), /\band make it short\b/, first);
    }
  });
});
