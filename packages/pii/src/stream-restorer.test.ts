import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PII_CONFIG } from './pii-config.ts';
import { RedactionSession } from './redaction-session.ts';

function sessionWithPlaceholders(): {
  session: RedactionSession;
  answer: string;
  restored: string;
} {
  const session = new RedactionSession(DEFAULT_PII_CONFIG);
  session.redact('Write to jo@example.com or call +44 20 7946 0958.');
  return {
    session,
    answer:
      'I will email [EMAIL_REDACTED_1] and then [PHONE_REDACTED_1]; [EMAIL_REDACTED_1] again.',
    restored: 'I will email jo@example.com and then +44 20 7946 0958; jo@example.com again.',
  };
}

describe('stream restorer', () => {
  it('restores placeholders split across any two chunks', () => {
    const { session, answer, restored } = sessionWithPlaceholders();
    for (let cut = 0; cut <= answer.length; cut += 1) {
      const restorer = session.createStreamRestorer();
      const out =
        restorer.push(answer.slice(0, cut)) + restorer.push(answer.slice(cut)) + restorer.flush();
      assert.equal(out, restored, `cut at ${cut}`);
    }
  });

  it('restores when the answer arrives one character at a time', () => {
    const { session, answer, restored } = sessionWithPlaceholders();
    const restorer = session.createStreamRestorer();
    let out = '';
    for (const char of answer) out += restorer.push(char);
    assert.equal(out + restorer.flush(), restored);
  });

  it('passes text on at once, holding back only a possible placeholder start', () => {
    const { session } = sessionWithPlaceholders();
    const restorer = session.createStreamRestorer();
    assert.equal(restorer.push('Hello, '), 'Hello, ');
    assert.equal(restorer.push('your address is [EMAIL_RED'), 'your address is ');
    assert.equal(restorer.push('ACTED_1] ok'), 'jo@example.com ok');
    assert.equal(restorer.push(' [1] and [x'), ' [1] and [x');
    assert.equal(restorer.flush(), '');
  });

  it('gives back an unfinished placeholder as written when the stream ends', () => {
    const { session } = sessionWithPlaceholders();
    const restorer = session.createStreamRestorer();
    assert.equal(restorer.push('cut off [PHONE_REDACTED_'), 'cut off ');
    assert.equal(restorer.flush(), '[PHONE_REDACTED_');
  });

  it('never holds back more than one placeholder length', () => {
    const { session } = sessionWithPlaceholders();
    const restorer = session.createStreamRestorer();
    const out = restorer.push(`[EMAIL_REDACTED_${'1'.repeat(40)}`);
    assert.ok(out.length > 0);
  });

  it('keeps placeholders it did not issue as they are', () => {
    const { session } = sessionWithPlaceholders();
    const restorer = session.createStreamRestorer();
    const out =
      restorer.push('[SSN_REDACTED_') + restorer.push('3] [EMAIL_REDACTED_2]') + restorer.flush();
    assert.equal(out, '[SSN_REDACTED_3] [EMAIL_REDACTED_2]');
  });
});
