import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findSsns, isValidSsn } from './ssn.ts';

const values = (text: string) => findSsns(text).map((s) => s.value);

describe('findSsns', () => {
  it('finds dashed and spaced SSNs without any cue', () => {
    assert.deepEqual(values('Applicant: 123-45-6789, born 1980.'), ['123-45-6789']);
    assert.deepEqual(values('Applicant: 123 45 6789.'), ['123 45 6789']);
  });

  it('finds nine bare digits only when the text says SSN nearby', () => {
    assert.deepEqual(values('SSN: 123456789'), ['123456789']);
    assert.deepEqual(values('social security no. 123456789 on file'), ['123456789']);
    assert.deepEqual(values('Ticket 123456789 was closed.'), []);
  });

  it('applies the SSA rules', () => {
    for (const invalid of [
      '000-12-3456',
      '666-12-3456',
      '900-12-3456',
      '999-12-3456',
      '123-00-4567',
      '123-45-0000',
    ]) {
      assert.deepEqual(values(`SSN ${invalid}`), [], invalid);
    }
    assert.equal(isValidSsn('899', '99', '9999'), true);
    assert.equal(isValidSsn('001', '01', '0001'), true);
  });

  it('does not cut an SSN out of a longer number, word or mixed separators', () => {
    for (const text of [
      'ID 1123-45-6789',
      'x123-45-6789',
      '123-45-67890',
      '123-45 6789',
      '1 123 45 6789',
      '123-45-6789-1',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('skips numbers labelled as another thing, unless the label says SSN', () => {
    assert.deepEqual(values('Part no. 123-45-6789'), []);
    assert.deepEqual(values('Employee ID: 123-45-6789'), ['123-45-6789']);
  });

  it('reads full-width digits as Chinese and Japanese input methods type them', () => {
    assert.deepEqual(values('SSN １２３-４５-６７８９'), ['１２３-４５-６７８９']);
    assert.deepEqual(values('SSN １２３－４５－６７８９'), ['１２３－４５－６７８９']);
    assert.deepEqual(values('social security １２３４５６７８９'), ['１２３４５６７８９']);
    const text = 'ID: １２３ ４５ ６７８９.';
    const [span] = findSsns(text);
    assert.equal(text.slice(span?.start, span?.end), '１２３ ４５ ６７８９');
    assert.deepEqual(values('SSN ６６６-１２-３４５６'), []);
  });
});

describe('findSsns on the independent set (decision 159)', () => {
  it('finds an SSN typed with dots', () => {
    assert.deepEqual(values('SSN 219.09.9999 on file'), ['219.09.9999']);
    // Not inside a longer dotted number, and SSA rules still apply.
    assert.deepEqual(values('v 1.219.09.9999'), []);
    assert.deepEqual(values('code 666.12.3456'), []);
  });
});
