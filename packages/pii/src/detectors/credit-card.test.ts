import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findCreditCards, hasKnownIssuer, passesLuhn } from './credit-card.ts';

const values = (text: string) => findCreditCards(text).map((s) => s.value);

describe('findCreditCards', () => {
  it('finds test numbers of the major networks, grouped or not', () => {
    for (const card of [
      '4111 1111 1111 1111',
      '4111-1111-1111-1111',
      '4111111111111111',
      '5555 5555 5555 4444',
      '2223 0031 2200 3222',
      '3782 822463 10005',
      '6011 1111 1111 1117',
      '3530 1113 3330 0000',
      '3056 9309 0259 04',
    ]) {
      assert.deepEqual(values(`Card: ${card}.`), [card], card);
    }
  });

  it('rejects numbers failing Luhn or without a known issuer', () => {
    assert.deepEqual(values('Card 4111 1111 1111 1112'), []);
    assert.equal(passesLuhn('1234567812345670'), true);
    assert.equal(hasKnownIssuer('1234567812345670'), false);
    assert.deepEqual(values('Card 1234 5678 1234 5670'), []);
  });

  it('does not take part of a longer number or a mixed grouping', () => {
    assert.deepEqual(values('USPS 9400 1111 1111 1111 1111 11'), []);
    assert.deepEqual(values('4111 1111-1111 1111'), []);
    assert.deepEqual(values('+4111111111111111'), []);
  });

  it('reads full-width digits and separators, and reports the value as written', () => {
    for (const card of [
      '４１１１ １１１１ １１１１ １１１１',
      '４１１１１１１１１１１１１１１１',
      '４１１１－１１１１－１１１１－１１１１',
      '４１１１\u3000１１１１\u3000１１１１\u3000１１１１',
    ]) {
      const text = `卡号 ${card} 谢谢`;
      const [span] = findCreditCards(text);
      assert.equal(span?.value, card, card);
      assert.equal(text.slice(span?.start, span?.end), card, card);
    }
    assert.deepEqual(values('card ４１１１ １１１１ １１１１ １１１２'), [], 'fails Luhn');
  });
});
