import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from '../compress-text.ts';
import { dropWritersFeeling } from './drop-writers-feeling.ts';

describe('dropWritersFeeling (decision 221)', () => {
  it('drops a feeling that ends its clause where the message cannot be about it', () => {
    assert.equal(
      dropWritersFeeling("Fix this bug because I'm a bit rattled. The parser returns null."),
      'Fix this bug. The parser returns null.',
    );
    assert.equal(
      dropWritersFeeling("I'm so stressed. Fix the bug in the parser."),
      'Fix the bug in the parser.',
    );
    assert.equal(
      dropWritersFeeling("The build fails, I'm panicking lol. The log is below."),
      'The build fails. The log is below.',
    );
    assert.equal(
      dropWritersFeeling(
        "I'm the new secretary and I have no idea what I'm doing. I took notes, turn them into minutes.",
      ),
      "I'm the new secretary. I took notes, turn them into minutes.",
    );
    for (const text of ["I'm panicking about my exam on Monday.", "I'm confused."])
      assert.equal(dropWritersFeeling(text), text);
  });

  // The review of decision 221: the feeling went at every level, even where it is the subject.
  it('keeps the feeling when the message may be about it', () => {
    const cases: [string, RegExp][] = [
      ['I snapped at my son and I feel terrible about it. How do I apologise?', /feel terrible/],
      ["I forgot my best friend's birthday and I feel awful. What should I say to her?", /awful/],
      ['I yelled at a coworker, I feel really bad about it. Should I tell my boss?', /feel\b.*bad/],
      ["I'm overwhelmed. How do I deal with it?", /overwhelmed/],
      [
        "My boss criticised my work and I'm honestly a bit rattled. How should I handle it?",
        /rattled/,
      ],
      ["I have a job interview tomorrow and I'm panicking. Any tips?", /panicking/],
      ["I keep waking at 3am, I'm stressed out. Is this normal?", /stressed out/],
      ["My exam is tomorrow and I'm freaking out. Help me make a plan.", /freaking out/],
      ["I'm overwhelmed. Write a short note to my team asking for help.", /overwhelmed/],
      ['I feel terrible. Is it a cold or the flu?', /feel terrible/],
      ["I'm panicking. My flight was cancelled in Rome. Any suggestions?", /panicking/],
      ["I'm so stressed. What happens if I miss the deadline?", /stressed/],
    ];
    for (const [text, feeling] of cases) {
      assert.equal(dropWritersFeeling(text), text);
      // Aggressive's pruning may still take a word of it ("terrible"), as it takes others.
      for (const level of ['conservative', 'balanced'] as const)
        assert.match(compressText(text, level, 'user'), feeling, `${level}: ${text}`);
    }
  });

  it('leaves every feeling to conservative, which must be safe for any prompt', () => {
    const text = "I'm so stressed. Fix the bug in the parser.";
    assert.match(compressText(text, 'conservative', 'user'), /stressed/);
    assert.equal(compressText(text, 'balanced', 'user'), 'Fix bug in parser.');
  });
});
