import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PII_CONFIG } from '../pii-config.ts';
import { RedactionSession } from '../redaction-session.ts';
import { findPhones } from './phone.ts';

// Decision 173. A phone's label (its E.164 form) decides which spellings share a placeholder;
// a wrong country joins a number to another country's. Every example was written for this file.
const labels = (text: string) => findPhones(text).map((s) => [s.value, s.normalized]);

describe('findPhones: the country a national number is labelled with', () => {
  it("labels Ofcom's drama ranges British, not German", () => {
    for (const [text, phone, e164] of [
      ['Page me on 07700 900123', '07700 900123', '+447700900123'],
      ['Mobile: 07700 900 461', '07700 900 461', '+447700900461'],
      ['Tel: 01632 960123', '01632 960123', '+441632960123'],
      ['Nottingham office, tel. 0115 496 0123', '0115 496 0123', '+441154960123'],
      // Already British, kept: the London and Manchester drama ranges are valid numbers.
      ['Ring the surgery on 020 7946 0321.', '020 7946 0321', '+442079460321'],
      ['Phone 0161 496 0123', '0161 496 0123', '+441614960123'],
    ] as const) {
      assert.deepEqual(labels(text), [[phone, e164]], text);
    }
  });

  it("labels a late-read country's number by its bracketed area code or the place named", () => {
    for (const [text, phone, e164] of [
      ['Sydney (02) 9374 4000', '(02) 9374 4000', '+61293744000'],
      ['Give us a call on (02) 9123 4567.', '(02) 9123 4567', '+61291234567'],
      ['Our Sydney office: 02 9374 4000', '02 9374 4000', '+61293744000'],
      ['Melbourne desk 03 9123 4567', '03 9123 4567', '+61391234567'],
      ['Call 02 9374 4000 (New South Wales office)', '02 9374 4000', '+61293744000'],
      ['Copenhagen: 32 12 34 56', '32 12 34 56', '+4532123456'],
      // Not changed: no place named, no bracket; Milan's reading and layout come first.
      ['Ufficio di Milano 02 8734 5678', '02 8734 5678', '+390287345678'],
      ['Telefon (030) 901820', '(030) 901820', '+4930901820'],
      ['Call (415) 555-2671', '(415) 555-2671', '+14155552671'],
      ['Oslo tlf 22 12 34 56', '22 12 34 56', '+4722123456'],
    ] as const) {
      assert.deepEqual(labels(text), [[phone, e164]], text);
    }
  });

  it('gives a Singapore or Hong Kong layout with no city named no country', () => {
    for (const [text, phone] of [
      ['Phone: 9123 4567', '9123 4567'],
      ['Call me at 6123 4567 tomorrow.', '6123 4567'],
      ['WhatsApp 9876 5432', '9876 5432'],
    ] as const) {
      assert.deepEqual(labels(text), [[phone, undefined]], text);
    }
    // Named, they keep their city's label (decision 165).
    assert.deepEqual(labels('Singapore office, tel 6123 4567'), [['6123 4567', '+6561234567']]);
  });

  it('shares a placeholder between the two spellings of one drama-range number', () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    assert.equal(
      session.redact('Mobile +44 7700 900123, or 07700 900123 from the UK.'),
      'Mobile [PHONE_REDACTED_1], or [PHONE_REDACTED_1] from the UK.',
    );
  });
});
