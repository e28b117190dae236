import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALL_KINDS_PII_CONFIG as ALL_KINDS, DEFAULT_PII_CONFIG } from './pii-config.ts';
import { randomTexts } from './random-texts.ts';
import { RedactionSession } from './redaction-session.ts';

describe('RedactionSession', () => {
  it('replaces each value with a numbered placeholder per kind', () => {
    const session = new RedactionSession(ALL_KINDS);
    const out = session.redact('a@example.com, b@example.com, +44 20 7946 0958, SSN 123-45-6789');
    assert.equal(
      out,
      '[EMAIL_REDACTED_1], [EMAIL_REDACTED_2], [PHONE_REDACTED_1], SSN [SSN_REDACTED_1]',
    );
    assert.deepEqual(session.counts, {
      email: 2,
      phone: 1,
      ssn: 1,
      credit_card: 0,
      ip_address: 0,
      secret: 0,
    });
    assert.equal(session.hasRedactions(), true);
  });

  it('gives the same value the same placeholder across calls, whatever its spelling', () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    const first = session.redact('Mail Jo@Example.com or call +1 415 555 2671.');
    const second = session.redact('Again: jo@example.com, (415) 555-2671.');
    assert.equal(first, 'Mail [EMAIL_REDACTED_1] or call [PHONE_REDACTED_1].');
    assert.equal(second, 'Again: [EMAIL_REDACTED_1], [PHONE_REDACTED_1].');
    assert.equal(session.counts.email, 1);
    assert.equal(session.counts.phone, 1);
  });

  it('keeps full-width SSNs and cards apart by their digits, and one with its ASCII spelling', () => {
    const session = new RedactionSession(ALL_KINDS);
    const original =
      'SSN １２３-４５-６７８９, SSN ２３４-５６-７８９０, SSN 123-45-6789; card ４１１１ １１１１ １１１１ １１１１, card ５５５５ ５５５５ ５５５５ ４４４４';
    const redacted = session.redact(original);
    assert.equal(
      redacted,
      'SSN [SSN_REDACTED_1], SSN [SSN_REDACTED_2], SSN [SSN_REDACTED_1]; card [CREDIT_CARD_REDACTED_1], card [CREDIT_CARD_REDACTED_2]',
    );
    assert.equal(
      session.restore('[SSN_REDACTED_2] [CREDIT_CARD_REDACTED_2]'),
      '２３４-５６-７８９０ ５５５５ ５５５５ ５５５５ ４４４４',
    );
  });

  it('restores what it redacted', () => {
    const session = new RedactionSession(ALL_KINDS);
    const original =
      'Jo <jo@example.com>, 020 7946 0958, card 4111 1111 1111 1111, host 203.0.113.9, key AKIAIOSFODNN7EXAMPLE.';
    const redacted = session.redact(original);
    assert.doesNotMatch(redacted, /jo@example|7946|4111|203\.0|AKIA/);
    assert.equal(session.restore(redacted), original);
  });

  it("skips numbers already used by placeholder-like tokens in the caller's text and leaves those tokens alone", () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    const text = 'Earlier you wrote [EMAIL_REDACTED_1]; my address is ana@example.com.';
    const redacted = session.redact(text);
    assert.equal(
      redacted,
      'Earlier you wrote [EMAIL_REDACTED_1]; my address is [EMAIL_REDACTED_2].',
    );
    assert.equal(
      session.restore('[EMAIL_REDACTED_1] vs [EMAIL_REDACTED_2]'),
      '[EMAIL_REDACTED_1] vs ana@example.com',
    );
  });

  it('reserves caller tokens across all texts of a request with redactAll', () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    const [system, user] = session.redactAll([
      'Contact ops@example.com.',
      'What is [EMAIL_REDACTED_1]?',
    ]);
    assert.equal(system, 'Contact [EMAIL_REDACTED_2].');
    assert.equal(user, 'What is [EMAIL_REDACTED_1]?');
    assert.equal(session.restore('[EMAIL_REDACTED_2]'), 'ops@example.com');
  });

  it('leaves unknown placeholders and plain text untouched when restoring', () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    session.redact('a@example.com');
    assert.equal(
      session.restore('[EMAIL_REDACTED_9] [PHONE_REDACTED_1] [EMAIL_REDACTED_1]'),
      '[EMAIL_REDACTED_9] [PHONE_REDACTED_1] a@example.com',
    );
  });

  it('changes nothing when redaction is switched off', () => {
    const session = new RedactionSession({ ...DEFAULT_PII_CONFIG, enabled: false });
    const text = 'a@example.com +1 415 555 2671';
    assert.equal(session.redact(text), text);
    assert.equal(session.hasRedactions(), false);
  });

  it('does not let later config changes by the caller leak into the session', () => {
    const config = { ...DEFAULT_PII_CONFIG };
    const session = new RedactionSession(config);
    config.enabled = false;
    assert.equal(session.redact('a@example.com'), '[EMAIL_REDACTED_1]');
  });

  it('round-trips random text unchanged', () => {
    const session = new RedactionSession(ALL_KINDS);
    const words = [
      'a@b.co',
      '+49 30 901820',
      '123-45-6789',
      '[EMAIL_REDACTED_1]',
      '[',
      ']',
      ' ',
      'é',
      '7',
      '\uD800',
      'x',
    ];
    for (const text of randomTexts(7, words, 200, 30)) {
      assert.equal(session.restore(session.redact(text)), text);
    }
  });

  it('restores into JSON as JSON: a value with newlines keeps the text parseable', () => {
    const session = new RedactionSession(ALL_KINDS);
    const pem =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    session.redact(`key ${pem} for ann@example.com`);
    const args =
      '{"key":"[SECRET_REDACTED_1]","to":"[EMAIL_REDACTED_1]","cc":"[EMAIL_REDACTED_2]"}';
    assert.deepEqual(JSON.parse(session.restoreInJson(args)), {
      key: pem,
      to: 'ann@example.com',
      cc: '[EMAIL_REDACTED_2]',
    });
    const stream = session.createStreamRestorer('json');
    const pieces = args.match(/.{1,3}/g) ?? [];
    const streamed = pieces.map((piece) => stream.push(piece)).join('') + stream.flush();
    assert.equal(streamed, session.restoreInJson(args));
  });

  it('restores into a URL as written: a percent-encoded placeholder gets the value encoded', () => {
    const session = new RedactionSession(ALL_KINDS);
    session.redact('ann@example.com, +1 415 555 2671');
    const url =
      'https://x.example/[EMAIL_REDACTED_1]?q=%5BPHONE_REDACTED_1%5D&r=%5bEMAIL_REDACTED_1%5d&s=%5BEMAIL_REDACTED_2%5D';
    const restored = session.restoreInUrl(url);
    assert.equal(
      restored,
      'https://x.example/ann@example.com?q=%2B1%20415%20555%202671&r=ann%40example.com&s=%5BEMAIL_REDACTED_2%5D',
    );
    assert.equal(new URL(restored).searchParams.get('q'), '+1 415 555 2671');
    assert.equal(session.restoreInUrl('https://x.example/plain'), 'https://x.example/plain');
  });

  it('restores into a URL a value with a lone surrogate (a pasted password) without throwing', () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    const redacted = session.redact('postgres://admin:hun\uD800ter2@db.example.com:5432/app');
    assert.equal(redacted, 'postgres://admin:[SECRET_REDACTED_1]@db.example.com:5432/app');
    const restored = session.restoreInUrl('https://x.example/?q=%5BSECRET_REDACTED_1%5D');
    // The lone half cannot be written in UTF-8: it reads back as U+FFFD, the rest as sent.
    assert.equal(new URL(restored).searchParams.get('q'), 'hun\uFFFDter2');
  });
});

describe('RedactionSession state', () => {
  it('a session rebuilt from another one’s state restores and numbers as the original would', () => {
    const worker = new RedactionSession(DEFAULT_PII_CONFIG);
    const [redacted] = worker.redactAll(['Mail ann@example.com, not [EMAIL_REDACTED_2].']);
    const state = structuredClone(worker.toState());
    const session = RedactionSession.fromState(DEFAULT_PII_CONFIG, state);
    assert.equal(redacted, 'Mail [EMAIL_REDACTED_1], not [EMAIL_REDACTED_2].');
    assert.equal(session.restore(redacted ?? ''), 'Mail ann@example.com, not [EMAIL_REDACTED_2].');
    assert.deepEqual(session.counts, worker.counts);
    assert.equal(session.distinctValues, 1);
    assert.equal(
      session.redact('ANN@example.com and bob@example.com'),
      '[EMAIL_REDACTED_1] and [EMAIL_REDACTED_3]',
    );
  });
});
