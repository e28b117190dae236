import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseWhitespace } from './normalise-whitespace.ts';

describe('normaliseWhitespace', () => {
  it('normalises line endings, invisible characters, trailing spaces and runs of blank lines', () => {
    const out = normaliseWhitespace(
      'First\u200B line  \r\nSecond\u00A0line\r\n\r\n\r\n\r\nThird line\n\n',
    );
    assert.equal(out, 'First line\nSecond line\n\nThird line');
  });

  it('collapses doubled spaces in prose but keeps columns padded to line up', () => {
    assert.equal(normaliseWhitespace('One sentence.  Another  one.'), 'One sentence. Another one.');
    const columns = 'NAME        READY   STATUS\napi-7d9     0/1     CrashLoopBackOff';
    assert.equal(normaliseWhitespace(columns), columns);
  });

  it('collapses wide runs of spaces in a lone line of prose (issue 17)', () => {
    assert.equal(
      normaliseWhitespace('Please summarize the report.    It is    important.\nThanks.'),
      'Please summarize the report. It is important.\nThanks.',
    );
  });

  it('joins prose hard-wrapped mid-sentence, but not list items, headings or capitalised lines', () => {
    const wrapped =
      'The historic tram winds through the old neighbourhoods of the city\nbut it is often crowded.';
    assert.equal(
      normaliseWhitespace(wrapped),
      'The historic tram winds through the old neighbourhoods of the city but it is often crowded.',
    );
    const structured =
      'Things to pack for the weekend trip to the mountains:\n- boots\n# Heading that is quite long for a heading, really\nsomething else';
    assert.equal(normaliseWhitespace(structured), structured);
    const titled =
      'A line that is long enough but is followed by a new line\nStarting With Capitals';
    assert.equal(normaliseWhitespace(titled), titled);
  });

  it('trims the padding of Markdown tables', () => {
    const table = '| Name    | Price |\n|---------|------:|\n| Desk    |   254 |';
    assert.equal(normaliseWhitespace(table), '| Name | Price |\n|---|---:|\n| Desk | 254 |');
  });
});
