import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findBrokenPhrases } from './readability.ts';

const rules = (source: string, output: string) =>
  findBrokenPhrases(source, output).map((b) => b.rule);

describe('findBrokenPhrases', () => {
  it('flags a preposition dropped between two kept words, its object kept', () => {
    assert.deepEqual(rules('Respond with care.', 'Respond care.'), ['dropped-preposition']);
    assert.deepEqual(rules('Meet me in the morning.', 'Meet me morning.'), ['dropped-preposition']);
    assert.deepEqual(
      findBrokenPhrases('Respond with care.', 'Respond care.')[0]?.source,
      'respond [with] care',
    );
  });

  it('does not flag articles, a whole phrase gone, or a break across sentences', () => {
    assert.deepEqual(rules('Summarize the text for the team.', 'Summarize text for team.'), []);
    assert.deepEqual(rules('Could you summarize this for me?', 'Summarize this?'), []);
    assert.deepEqual(rules('Thanks for that. Write to Ana.', 'Write to Ana.'), []);
    assert.deepEqual(rules('This is, to be honest, a problem.', 'This is a problem.'), []);
  });

  it('aligns a kept word with the source word its neighbour follows (decision 074)', () => {
    // The "I" kept is the second one: the first sentence went whole, nothing dangles.
    assert.deepEqual(
      rules(
        "Hi, I hope it's ok to ask this here. I'm a freelance illustrator.",
        "I'm a freelance illustrator.",
      ),
      [],
    );
  });

  it('flags an auxiliary or copula dropped between a subject and its verb or predicate', () => {
    assert.deepEqual(
      rules('Adults who are returning to study.', 'Adults who returning to study.'),
      ['dropped-auxiliary'],
    );
    assert.deepEqual(rules('Tomasz has been parking a van.', 'Tomasz been parking van.'), [
      'dropped-auxiliary',
    ]);
    assert.deepEqual(rules('Here are the notes.', 'Here notes.'), ['dropped-auxiliary']);
    // Counted once, as the pronoun: "it is 1,800 words" → "1,800 words".
    assert.deepEqual(rules('It is 1,800 words.', '1,800 words.'), ['dropped-pronoun']);
    // A whole clause opening gone is not a broken link.
    assert.deepEqual(rules('The notes are here.', 'Notes are here.'), []);
  });

  it('flags a pronoun dropped as subject, as object, or after a kept preposition', () => {
    assert.deepEqual(rules('Tell her that I will be late.', 'Tell that will be late.'), [
      'dropped-pronoun',
      'dropped-pronoun',
    ]);
    assert.deepEqual(rules('They restarted it.', 'They restarted.'), ['dropped-pronoun']);
    assert.deepEqual(rules('Summarize the text for me.', 'Summarize text for.'), [
      'dropped-pronoun',
    ]);
  });

  it('reads contractions as their words', () => {
    assert.deepEqual(rules('You are right, it is done.', "You're right, it's done."), []);
  });

  it('flags a label left after what it introduced went', () => {
    const source = 'Send it.\n\nCONFIDENTIALITY NOTICE: This e-mail is confidential.';
    assert.deepEqual(rules(source, 'Send it.\n\nCONFIDENTIALITY NOTICE:'), ['orphaned-label']);
    assert.deepEqual(rules(source, 'Send it.'), []);
    assert.deepEqual(rules('Steps:\nOpen the file.\n\nDone.', 'Steps:\n\nDone.'), [
      'orphaned-label',
    ]);
  });

  it('flags answer options left after their question went', () => {
    const source = 'The desk is 62 cm.\nWas this article helpful? Yes No\nBack to top';
    assert.deepEqual(rules(source, 'The desk is 62 cm.\nYes No'), ['orphaned-options']);
    assert.deepEqual(rules(source, 'The desk is 62 cm.'), []);
    assert.deepEqual(rules('Is it on?\nYes', 'Is it on?\nYes'), []);
  });
});
