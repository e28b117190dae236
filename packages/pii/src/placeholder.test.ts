import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPlaceholders, formatPlaceholder, isPartialPlaceholder } from './placeholder.ts';

describe('placeholders', () => {
  it('formats and finds placeholders of every kind', () => {
    const text = ['email', 'phone', 'ssn', 'credit_card', 'ip_address', 'secret']
      .map((kind, i) => formatPlaceholder(kind as Parameters<typeof formatPlaceholder>[0], i + 1))
      .join(' ');
    assert.equal(
      text,
      '[EMAIL_REDACTED_1] [PHONE_REDACTED_2] [SSN_REDACTED_3] [CREDIT_CARD_REDACTED_4] [IP_ADDRESS_REDACTED_5] [SECRET_REDACTED_6]',
    );
    assert.deepEqual(
      findPlaceholders(text).map((p) => `${p.kind}:${p.n}`),
      ['email:1', 'phone:2', 'ssn:3', 'credit_card:4', 'ip_address:5', 'secret:6'],
    );
  });

  it('ignores look-alikes', () => {
    assert.deepEqual(
      findPlaceholders('[EMAIL_REDACTED_0] [EMAIL_REDACTED] [NAME_REDACTED_1] [email_redacted_1]'),
      [],
    );
  });

  it('tells which endings could still grow into a placeholder', () => {
    for (const partial of [
      '[',
      '[E',
      '[EMAIL_RED',
      '[CREDIT_CARD_REDACTED_',
      '[IP_ADDRESS_REDACTED_12',
    ]) {
      assert.equal(isPartialPlaceholder(partial), true, partial);
    }
    for (const other of [
      '[x',
      '[EMAIL_REDACTED_0',
      '[EMAIL_REDACTED_1]',
      '[EMAIL_REDACTED_1 ',
      'EMAIL',
    ]) {
      assert.equal(isPartialPlaceholder(other), false, other);
    }
  });
});
