// Decision 231: defects found at the last stop. Emphasis around a word must not hide a request's
// verb nor leave a sentence lower-case; a footnote marked "†" or "(1)" keeps its mark; "super"
// goes, never the instruction; a feeling the pruner keeps stays readable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';
import { COMPRESSION_LEVELS } from './levels.ts';

/** Every level, in the last user message and in an earlier one. */
function everywhere(text: string, check: (out: string, where: string) => void): void {
  for (const level of COMPRESSION_LEVELS)
    for (const last of [true, false]) {
      const out = compressText(text, level, 'user', { isLastUserMessage: last });
      check(out, `${level}${last ? '' : ' (earlier turn)'}: ${JSON.stringify(out)}`);
    }
}

describe('emphasis, footnotes and kept feelings (decision 231)', () => {
  it('keeps the verb of a request whose adverb is emphasised or plain', () => {
    for (const text of [
      'I would like you to **carefully** check the grammar',
      'I would like you to carefully check the grammar',
      'Could you *briefly* explain the error in the build log?',
    ])
      everywhere(text, (out, where) => assert.match(out, /\b(?:check|explain)\b/i, where));
  });

  it('drops a request frame before an emphasised verb', () => {
    assert.equal(
      compressText('Could you **carefully** check the grammar of my essay?', 'balanced', 'user', {
        isLastUserMessage: true,
      }),
      '**Carefully** check grammar of essay?',
    );
  });

  it('capitalises the word after a removal at a sentence start inside emphasis', () => {
    everywhere('*Basically* the plan works. **Basically** the plan works.', (out, where) =>
      assert.doesNotMatch(out, /(?:^|[.!?] )[*_ ]*the\b/, where),
    );
    everywhere('I would like you to **carefully** check the grammar', (out, where) =>
      assert.doesNotMatch(out, /^\**[a-z]/, where),
    );
  });

  it('keeps a footnote marked with a dagger or a number with its item', () => {
    for (const text of [
      'Prices:\n* Desk £40†\n* Chair £30\n\n† excluding VAT',
      'Prices:\n- Desk £40 (1)\n- Chair £30\n\n(1) excluding VAT',
    ])
      everywhere(text, (out, where) => {
        assert.match(out, /Desk £40 ?(?:†|\(1\))/, where);
        assert.match(out, /(?:†|\(1\)) excluding VAT/, where);
      });
  });

  it('drops "super", never the instruction around it', () => {
    for (const text of [
      'Make it super short.',
      'Here is the announcement for the team offsite next week. Make it super short.',
      'Summarise the notes below and make it super short.',
    ])
      everywhere(text, (out, where) => assert.match(out, /\bmake it (?:super )?short\b/i, where));
  });

  it('keeps a feeling it does not drop readable at aggressive', () => {
    const cases: [string, RegExp][] = [
      ["I'm so stressed about the deadline.", /stressed about deadline/i],
      [
        "The server keeps crashing every night since the upgrade. I'm so stressed about the deadline on Friday. Here are the logs from last night.",
        /stressed[^.]* Friday/i,
      ],
      [
        "I snapped at my son and I'm honestly a bit rattled. How do I apologise to him?",
        /\ba bit rattled/,
      ],
      [
        'The oven broke that morning and the lettering was wrong too, I feel awful about it. Write a polite reply.',
        /feel awful/,
      ],
      [
        "My sourdough keeps coming out flat. I'm honestly a bit stressed out because the bake sale is tomorrow morning. What am I doing wrong?",
        /stressed out because bake sale/i,
      ],
    ];
    for (const [text, kept] of cases)
      for (const last of [true, false]) {
        const out = compressText(text, 'aggressive', 'user', { isLastUserMessage: last });
        assert.match(out, kept, `${last}: ${out}`);
        // No intensifier left without its feeling ("So deadline.", "A because").
        assert.doesNotMatch(out, /\b(?:So|so|A|a|bit|honestly) (?:on|because|deadline)\b/, out);
      }
  });

  it('keeps the verb after an adverb that opens the sentence capitalised (review)', () => {
    // A capitalised opener may be protected as a name is; the adverb rule must read it anyway.
    for (const text of [
      'Carefully check the grammar of the essay.',
      'Briefly explain the error in the build log.',
      'Politely decline the invitation from the vendor.',
    ])
      everywhere(text, (out, where) => assert.match(out, /\b(?:check|explain|decline)\b/i, where));
  });

  it('drops the markers of an emphasised filler word that opened the request (review)', () => {
    // The request is protected next, and stray markers inside it were out of reach.
    for (const text of [
      '*Honestly* check the grammar.',
      'I would like you to *actually* check the grammar.',
      'I would like you to **actually** check the grammar.',
    ])
      everywhere(text, (out, where) => {
        assert.doesNotMatch(out, /\*/, where);
        assert.match(out, /^Check\b/, where);
      });
  });

  it('keeps the adverb that says how or how often to do what is asked (review)', () => {
    // "briefly" bounds the answer and "daily" the task: both are part of the instruction.
    for (const [text, kept] of [
      ['Please briefly explain the error in the build log.', /\bbriefly explain\b/i],
      ['Daily send a summary of the sales to the team.', /\bdaily send\b/i],
      ['Politely decline the invitation from the vendor.', /\bpolitely decline\b/i],
    ] as const)
      everywhere(text, (out, where) => assert.match(out, kept, where));
  });
});
