import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPhones } from './phone.ts';

// Decision 165. Every example was written for this file, in the style of real messages.
const values = (text: string) => findPhones(text).map((s) => s.value);
const numbers = (text: string) => findPhones(text).map((s) => s.normalized);

describe('findPhones: national numbers with a trunk 0 next to references', () => {
  it('still reads trunk-0 numbers written as people write them, with or without a phone word', () => {
    for (const [text, phone] of [
      ['Manchester office 0161 496 0123', '0161 496 0123'],
      ['Ring the surgery on 020 7946 0321 before nine.', '020 7946 0321'],
      ['Praxis Dr. Weber, 030 12345678', '030 12345678'],
      ['Marie : 06 12 34 56 78', '06 12 34 56 78'],
      ['Le standard répond au 01 45 67 89 12.', '01 45 67 89 12'],
      ['Kontor Göteborg 031-123 45 67', '031-123 45 67'],
      ['Bruxelles 02 513 89 40', '02 513 89 40'],
      ['Reception: 022 418 25 60', '022 418 25 60'],
      ['Dublin branch 01 679 4321', '01 679 4321'],
      ['Ufficio di Milano 02 8734 5678', '02 8734 5678'],
      ['Kantoor Amsterdam 020 612 3456', '020 612 3456'],
      ['Sydney (02) 9374 4000', '(02) 9374 4000'],
      ['İzmir şubesi 0232 445 67 89', '0232 445 67 89'],
      ['Anna Berg\n070-123 45 67', '070-123 45 67'],
      ['Ask for Paolo at 0331 234 5678', '0331 234 5678'],
      ['Her work number: 0117 496 0234', '0117 496 0234'],
      // A reference earlier in the sentence does not name the number.
      ['Section 4 is done; call me on 0161 496 0123', '0161 496 0123'],
      // A phone word wins over a reference noun.
      ['Chapter secretary, tel. 020 7946 0321', '020 7946 0321'],
      ['Table booking: call 020 7946 0321', '020 7946 0321'],
    ] as const) {
      assert.deepEqual(values(text), [phone], text);
    }
  });

  it('leaves chapter, section, page, room and id numbers that start with 0 alone', () => {
    for (const text of [
      'See Chapter 08-123 456 78 for the derivation.',
      'Section 02 31 13 20 covers excavation.',
      'Sections 02 31 13 20 and 03 30 00 00 apply.',
      'Room 0123 456 789 is on the third floor.',
      'Kapitel 030 123 4567 beschreibt das Verfahren.',
      'Seite 0221 5567 890 fehlt im Ausdruck.',
      'Le chapitre 01 23 45 67 89 est manquant.',
      'Capítulo 0912 345 678 del manual.',
      'Rozdział 022 418 25 60 opisuje procedurę.',
      'Глава 0316 87 12 34 описывает метод.',
      'Hoofdstuk 020 123 4567 gaat over kosten.',
      'Clause 03 12 44 56 of the contract applies.',
      'Figure 02 31 13 20 shows the curve.',
      'Appendix 08-123 456 78 lists the torques.',
      'Run IDs 0423 5567 8890 failed overnight.',
      'Case file 04-1234-5678 was closed.',
      'See page 0221 5567 890.',
      'Le dossier 04-1234-5678 est clos.',
      'Kapitel Nr. 030 123 4567',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('leaves coordinates, decimals, dates, versions and book numbers alone', () => {
    for (const text of [
      'GPS 051 28 40 N, 000 00 05 W',
      'Coordinates: 048 51 24 N 002 21 03 E',
      'Measured 0.031 0.027 0.045 0.033 mm.',
      'Valid from 08-12-2025 to 09-01-2026.',
      'The bug affects 0.12.3 - 0.14.1 only.',
      'Book: 0-19-852663-6, 2nd edition',
      'Pay invoice 0045 6789 123 by Friday.',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
    // A signature's "E:" after a phone is the email line, not East.
    assert.deepEqual(values('T: 020 7946 0321 E: jo@example.org'), ['020 7946 0321']);
  });
});

describe('findPhones: Singapore and Hong Kong eight-digit numbers', () => {
  it('reads them where the line names the city, laid out 4 4, or with a phone word', () => {
    for (const [text, phone] of [
      ['Our Singapore office: 6123 4567', '+6561234567'],
      ['Singapore hotline 6123 4567', '+6561234567'],
      ['In Singapore, text me on 9123 4567', '+6591234567'],
      ['SG mobile 8123 4567', '+6581234567'],
      ['Singapore clinic, 6234 5678, open daily', '+6562345678'],
      ['Ring 9876 5432 when you land in Singapore', '+6598765432'],
      ['新加坡办事处 6123 4567', '+6561234567'],
      ['Singapur: 6345 6789', '+6563456789'],
      ['HK office 2345 6789', '+85223456789'],
      ['Hong Kong desk 3123 4567', '+85231234567'],
      ['香港辦事處 2345 6789', '+85223456789'],
      ['Hong Kong: 9123 4567 (WhatsApp)', '+85291234567'],
      ['Call our HK team at 2345 6789.', '+85223456789'],
      ['Office (Hong Kong): 2812 3456', '+85228123456'],
      ['Hongkong mobile 6123 4567', '+85261234567'],
      ['Tel +65 6123 4567, fax 6123 4568', '+6561234568'],
    ] as const) {
      assert.equal(numbers(text).at(-1), phone, text);
    }
    // Each number takes the city named nearest before it.
    assert.deepEqual(numbers('Singapore 6123 4567 / Hong Kong 2345 6789'), [
      '+6561234567',
      '+85223456789',
    ]);
  });

  it('leaves eight-digit amounts, ids and counts alone, in those cities too', () => {
    for (const text of [
      'Order 9123 4567 shipped.',
      'The total was 6123 4567 units.',
      '9123 4567',
      'Singapore order 9123 4567 shipped.',
      'Invoice 6123 4567 for the Singapore office',
      'Singapore 2024: 6123 4567 dollars',
      'Hong Kong: 12 345 678 visitors',
      'Hong Kong 1997 2047 handover',
      'SG tracking 9123 4567 8901',
      'Hong Kong 2345.6789 HKD',
      'HK$ 2345 6789 raised',
      'S$ 6123 4567 budget for Singapore',
      'Singapore ref 9123 4567',
      'HK ID 2345 6789',
      'Hong Kong parcel 2345 6789 arrived',
      'Singapore 1234 5678',
      'Singapore 61234567',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });
});
