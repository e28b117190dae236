import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskInlineSpans } from './mask-inline-spans.ts';
import { SpanTable } from './span-table.ts';

/** The words a text still shows once its protected spans are hidden. */
function visibleWords(text: string): string[] {
  const table = new SpanTable();
  return maskInlineSpans(text, table).match(/[A-Za-z][\w'-]*/g) ?? [];
}

describe('maskInlineSpans', () => {
  it('hides URLs, e-mails, numbers, quotes, identifiers and markup from the stages', () => {
    const text =
      'see https://x.io/a_b, mail a.b@c.io, pay $1,200.50 by 2024-03-15, run "npm ci" with --force, call get_order(id) on user.email or useState, then <b>bold</b>';
    assert.deepEqual(visibleWords(text), [
      'see',
      'mail',
      'pay',
      'by',
      'run',
      'with',
      'call',
      'on',
      'or',
      'then',
      'bold',
    ]);
  });

  it('hides capitalised names and acronyms but not the ordinary word that opens a sentence', () => {
    assert.deepEqual(visibleWords('The team in Lyon uses AWS. Please ask Maria.'), [
      'The',
      'team',
      'in',
      'uses',
      'Please',
      'ask',
    ]);
  });

  it('hides a name that opens a sentence when it is rare or used as a name elsewhere', () => {
    assert.deepEqual(visibleWords('Lisbon is hilly. Will is here. We met Will.'), [
      'is',
      'hilly',
      'is',
      'here',
      'We',
      'met',
    ]);
  });

  it('leaves the pronoun I visible', () => {
    assert.deepEqual(visibleWords("I think I'm late"), ['I', 'think', "I'm", 'late']);
  });

  it('hides a hyphenated file name and a relative path whole', () => {
    assert.deepEqual(
      visibleWords(
        'Source: customer-data-retention.pdf and the chart in charts/api-gateway/Chart.yaml, and/or yes',
      ),
      ['Source', 'and', 'the', 'chart', 'in', 'yes'],
    );
  });
});
