import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALL_KINDS_PII_CONFIG, DEFAULT_PII_CONFIG } from './pii-config.ts';
import { randomTexts } from './random-texts.ts';
import { RedactionSession } from './redaction-session.ts';

/** The texts redacted as one request's, the ones at `json` as tool call arguments. */
function redactCalls(texts: string[], json: number[]) {
  const session = new RedactionSession(DEFAULT_PII_CONFIG);
  return { out: session.redactAll(texts, new Set(json)), session };
}

describe('RedactionSession.redactAll: JSON texts (tool call arguments)', () => {
  it('reads each string after its property name, as prose would put it', () => {
    // Bare digits are a phone or an SSN only when a word says so: here the property's name, which
    // also says when they are none ("order_id").
    const args = JSON.stringify({
      to: 'ada@example.org',
      phone: '4155552671',
      ssn: '123456789',
      order_id: '2125550187',
      cc: ['bob@example.org', 'ada@example.org'],
      nested: { api_key: 'sk-proj-Abc123Def456Ghi789Jkl012Mno345' },
    });
    const { out, session } = redactCalls([args], [0]);
    assert.deepEqual(JSON.parse(out[0] ?? ''), {
      to: '[EMAIL_REDACTED_1]',
      phone: '[PHONE_REDACTED_1]',
      ssn: '[SSN_REDACTED_1]',
      order_id: '2125550187',
      cc: ['[EMAIL_REDACTED_2]', '[EMAIL_REDACTED_1]'],
      nested: { api_key: '[SECRET_REDACTED_1]' },
    });
    assert.equal(session.restoreInJson(out[0] ?? ''), args);
  });

  it('finds values right after an escape, and keeps the JSON valid', () => {
    // In the raw JSON text "\n415-555-2671" glues the number to an "n", and a placeholder over
    // "u00e9mile@…" would leave "\[", which no JSON parser reads.
    const args = JSON.stringify({ body: 'Hi,\n415-555-2671\nBest' }).replace(
      'Best',
      'Best \\u00e9mile@example.fr',
    );
    const { out } = redactCalls([args], [0]);
    assert.deepEqual(JSON.parse(out[0] ?? ''), {
      body: 'Hi,\n[PHONE_REDACTED_1]\nBest [EMAIL_REDACTED_1]',
    });
  });

  it('numbers values in text order across texts and arguments, the same value alike', () => {
    const { out } = redactCalls(
      [
        'Write to bob@example.org',
        '{"to":"ada@example.org","cc":"bob@example.org"}',
        'ada@example.org',
      ],
      [1],
    );
    assert.deepEqual(out, [
      'Write to [EMAIL_REDACTED_1]',
      '{"to":"[EMAIL_REDACTED_2]","cc":"[EMAIL_REDACTED_1]"}',
      '[EMAIL_REDACTED_2]',
    ]);
  });

  it('gives back arguments with nothing found exactly as written', () => {
    const args = '{ "city" : "Paris",\n  "days": 3 }';
    assert.equal(redactCalls([args], [0]).out[0], args);
  });

  it('rewrites only the strings that changed: ids, spacing and key order stay as written', () => {
    // JSON.parse then JSON.stringify would have turned the 64-bit id into 12345678901234567000.
    const args = '{ "id": 12345678901234567891,\n  "to" : "ada@example.org", "n": 1.50 }';
    const { out } = redactCalls([args], [0]);
    assert.equal(
      out[0],
      '{ "id": 12345678901234567891,\n  "to" : "[EMAIL_REDACTED_1]", "n": 1.50 }',
    );
  });

  it('reads a long integer after its name as a string would be read; redacted, it is a placeholder string', () => {
    // Decision 148: numbers were never read, so a phone or an SSN written as one went as written.
    const args =
      '{"phone": 4155552671, "ssn":123456789, "order_id": 2125550187, "n": -4155552671, "x": 1.5e3, "phones": [4155552671]}';
    const { out, session } = redactCalls([args], [0]);
    assert.equal(
      out[0],
      '{"phone": "[PHONE_REDACTED_1]", "ssn":"[SSN_REDACTED_1]", "order_id": 2125550187, "n": -4155552671, "x": 1.5e3, "phones": ["[PHONE_REDACTED_1]"]}',
    );
    // Restore puts the digits back where the placeholder stands: in a string.
    assert.deepEqual(JSON.parse(session.restoreInJson(out[0] ?? '')).phone, '4155552671');
  });

  it('redacts arguments that are not JSON as one text', () => {
    const { out } = redactCalls(['{"to": "ada@example.org", "body": "cut off'], [0]);
    assert.equal(out[0], '{"to": "[EMAIL_REDACTED_1]", "body": "cut off');
  });

  it('replaces a value under a __proto__ key, and a key that is an address with its value', () => {
    const args = '{"__proto__":"ada@example.org","bob@example.org":"call 415-555-2671"}';
    const { out } = redactCalls([args], [0]);
    assert.equal(
      out[0],
      '{"__proto__":"[EMAIL_REDACTED_1]","[EMAIL_REDACTED_2]":"call [PHONE_REDACTED_1]"}',
    );
  });

  it('replaces property names that hold a value, whatever the value is; plain names stay', () => {
    // Decision 146: a map keyed by address or phone, or a name before a number, went as written.
    const args =
      '{"by_email":{"ada@example.org":1},"415-555-2671":[true],"mailto:bob@example.org":null,"city":"Paris"}';
    const { out, session } = redactCalls([args], [0]);
    assert.equal(
      out[0],
      '{"by_email":{"[EMAIL_REDACTED_1]":1},"[PHONE_REDACTED_1]":[true],"mailto:[EMAIL_REDACTED_2]":null,"city":"Paris"}',
    );
    assert.equal(session.restoreInJson(out[0] ?? ''), args);
  });

  it('always gives back valid JSON that restores to the arguments as they came', () => {
    const pieces = [
      ' ',
      'a',
      '\n',
      '"',
      '\\',
      'é',
      '日本',
      '\t',
      ':',
      'phone ',
      'key ',
      'ann@example.com',
      '415-555-2671',
      '123-45-6789',
      '4111 1111 1111 1111',
      '10.0.0.5',
      'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr678',
    ];
    for (const [i, text] of randomTexts(11, pieces, 100, 12).entries()) {
      const args = JSON.stringify({
        [`k${i % 3 ? text.slice(0, 5) : ''}`]: text,
        list: [text, 12345678901234567891n.toString()],
        n: i,
      });
      const session = new RedactionSession(ALL_KINDS_PII_CONFIG);
      const [out = ''] = session.redactAll([args], new Set([0]));
      JSON.parse(out);
      assert.equal(session.restoreInJson(out), args);
    }
  });
});
