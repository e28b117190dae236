import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPhones } from './phone.ts';

// Cases found on the tuning half of the hand-written independent set (decision 159).
const values = (text: string) => findPhones(text).map((s) => s.value);

describe('findPhones on the independent set', () => {
  it('ends a number before a bracketed aside that starts with digits', () => {
    // "(24/7)" ran on from the number through its bracket, and the whole was no phone.
    assert.deepEqual(values('Hotline 1-800-273-8255 (24/7).'), ['1-800-273-8255']);
    assert.deepEqual(values('Call 020 7123 4567 (9-5 weekdays)'), ['020 7123 4567']);
  });

  it('reads a Mexican mobile written with the 1 dropped from the plan in 2019', () => {
    assert.deepEqual(values('Celular +52 1 55 1234 5678'), ['+52 1 55 1234 5678']);
    assert.deepEqual(values('WhatsApp +5215512345678'), ['+5215512345678']);
  });

  it('reads a number with its country code as a query-string value', () => {
    assert.deepEqual(values('?phone=+14158623307&x=1'), ['+14158623307']);
    assert.deepEqual(values('to=+442071234567'), ['+442071234567']);
    // Still no phone after "=" without a "+": it is a value of anything.
    assert.deepEqual(values('timeout=4158623307'), []);
  });

  it('reads Swedish, Danish, Irish, Portuguese and New Zealand numbers written nationally', () => {
    // No plan we read held these digits, so no layout or phone word could make them a phone.
    for (const [text, phone] of [
      ['Stockholm 08-555 123 45', '08-555 123 45'],
      ['Mobil: 20 98 76 54', '20 98 76 54'],
      ['Dublin 01 679 4321', '01 679 4321'],
      ['Lisboa 21 123 4567', '21 123 4567'],
      ['Auckland (09) 303 1234', '(09) 303 1234'],
    ] as const) {
      assert.deepEqual(values(text), [phone], text);
    }
  });

  it('reads the German switchboard word as a phone word', () => {
    assert.deepEqual(values('Zentrale 0211 98765-0'), ['0211 98765-0']);
  });

  it('leaves arithmetic alone', () => {
    for (const text of [
      'Compute 234 567 891 + 876 543 219.',
      'Sum: 612 345 678 + 1',
      '415 862 3307 * 2 = ?',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
    // A country code's '+' is glued to its digits; an operator stands apart.
    assert.deepEqual(values('Option 2 +44 20 7123 4567'), ['+44 20 7123 4567']);
  });

  it('leaves identifiers with a tax, VAT, NHS or passport label alone', () => {
    for (const text of [
      'NHS number 485 777 3456',
      'VAT GB 987 6543 21',
      'VAT no. 987654321',
      'Steuernummer 13/815/08152',
      'St.-Nr. 13/815/08152',
      'Passport 912 345 678',
      'Tax ID 212 345 6789',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('leaves a reference with its year and six two-digit lottery numbers alone', () => {
    for (const text of ['Prot. n. 0654321/2023', 'Drawn: 03 11 19 27 38 45', 'Akte 0301234/2024']) {
      assert.deepEqual(values(text), [], text);
    }
    // Five pairs are a French number.
    assert.deepEqual(values('Tél 04 12 23 34 45'), ['04 12 23 34 45']);
  });
});
