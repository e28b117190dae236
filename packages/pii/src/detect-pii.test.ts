import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectPii } from './detect-pii.ts';
import { ALL_KINDS_PII_CONFIG as ALL_KINDS, DEFAULT_PII_CONFIG } from './pii-config.ts';
import { randomTexts } from './random-texts.ts';

const TEXT =
  'Jo (jo@example.com, +1 415 555 2671, SSN 123-45-6789) paid with 4111 1111 1111 1111 from 203.0.113.9 using sk-proj-Abc123Def456Ghi789Jkl012Mno345.';

describe('detectPii', () => {
  it('finds every kind, in text order, with offsets that slice back to the value', () => {
    const spans = detectPii(TEXT, ALL_KINDS);
    assert.deepEqual(
      spans.map((s) => s.kind),
      ['email', 'phone', 'ssn', 'credit_card', 'ip_address', 'secret'],
    );
    for (const span of spans) assert.equal(TEXT.slice(span.start, span.end), span.value);
  });

  it('by default redacts emails, phones, SSNs and secrets, not cards or IP addresses', () => {
    assert.deepEqual(
      detectPii(TEXT, DEFAULT_PII_CONFIG).map((s) => s.kind),
      ['email', 'phone', 'ssn', 'secret'],
    );
  });

  it('finds values right after a written-out escape, as JSON text has them', () => {
    // A tool's result or a pasted record in JSON: "\n415-555-2671" read as a number glued to
    // the letter "n", so phones, SSNs and cards after a line break or a tab went out as written.
    const json = String.raw`{"notes":"Prefers SMS.\n+1 415 555 2671","row":"jane\t415-555-2671\t123-45-6789\t4111 1111 1111 1111\r\njane@example.com"}`;
    const spans = detectPii(json, ALL_KINDS);
    assert.deepEqual(
      spans.map((s) => `${s.kind} ${s.value}`),
      [
        'phone +1 415 555 2671',
        'phone 415-555-2671',
        'ssn 123-45-6789',
        'credit_card 4111 1111 1111 1111',
        'email jane@example.com',
      ],
    );
    for (const span of spans) assert.equal(json.slice(span.start, span.end), span.value);
    // .NET's default JSON encoder writes '+' as "\u002B": the escape is part of the value.
    const dotnet = String.raw`{"phone":"\u002B1 415 555 2671","alt":"\u002b44 20 7946 0958"}`;
    assert.deepEqual(
      detectPii(dotnet, ALL_KINDS).map((s) => s.value),
      [String.raw`\u002B1 415 555 2671`, String.raw`\u002b44 20 7946 0958`],
    );
    // A PEM key in a JSON string keeps its escapes in the value it is restored from.
    const pem = JSON.stringify(
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
    );
    assert.equal(detectPii(pem, ALL_KINDS)[0]?.value, pem.slice(1, -1));
  });

  it('honours each toggle and the master switch', () => {
    assert.deepEqual(detectPii(TEXT, { ...ALL_KINDS, enabled: false }), []);
    const noPhones = detectPii(TEXT, { ...ALL_KINDS, redact_phones: false });
    assert.equal(
      noPhones.some((s) => s.kind === 'phone'),
      false,
    );
    assert.equal(noPhones.length, 5);
  });

  it('never reports overlapping findings; the more specific kind wins', () => {
    const text = 'postgres://admin:hunter22@db.example.com/app and SSN 623-45-6789';
    const spans = detectPii(text, ALL_KINDS);
    assert.deepEqual(
      spans.map((s) => [s.kind, s.value]),
      [
        ['secret', 'hunter22'],
        ['ssn', '623-45-6789'],
      ],
    );
  });

  it('never throws and keeps offsets consistent on random unicode input', () => {
    const alphabet = [
      ...'0123456789 +-().,:/@#[]_xX',
      'é',
      '中',
      '\u00A0',
      '\n',
      '\uD83D\uDE00',
      '\uD800',
      '\uDFFF',
      '\u0000',
      'sk-',
      'AKIA',
      '::',
      '.com',
    ];
    for (const text of randomTexts(42, alphabet, 400, 300)) {
      const spans = detectPii(text, ALL_KINDS);
      let previousEnd = 0;
      for (const span of spans) {
        assert.ok(
          span.start >= previousEnd && span.end > span.start,
          `bad span in ${JSON.stringify(text)}`,
        );
        assert.equal(text.slice(span.start, span.end), span.value);
        previousEnd = span.end;
      }
    }
  });

  it('reads a URL password holding an @ as one secret and no piece of it as an address', () => {
    const text =
      'DSN https://user:s3cr@t@example.com/x and postgres://admin:p@ss@db.internal:5432/app';
    const found = (config: typeof DEFAULT_PII_CONFIG) =>
      detectPii(text, config).map((s) => `${s.kind}:${s.value}`);
    assert.deepEqual(found(DEFAULT_PII_CONFIG), ['secret:s3cr@t', 'secret:p@ss']);
    // With secrets off the credentials go as written, but are still not taken for addresses.
    assert.deepEqual(found({ ...DEFAULT_PII_CONFIG, redact_secrets: false }), []);
  });

  it('handles empty and non-string input without throwing', () => {
    assert.deepEqual(detectPii('', ALL_KINDS), []);
    assert.deepEqual(detectPii(undefined as unknown as string, ALL_KINDS), []);
  });
});
