import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectPii } from '../detect-pii.ts';
import { DEFAULT_PII_CONFIG } from '../pii-config.ts';
import { RedactionSession } from '../redaction-session.ts';
import { findPhones } from './phone.ts';

// Sentences written before reading the detector's patterns (decision 135): how people in
// Russia, Poland and Norway write their phone numbers, in English and in their own language,
// and the numbers next to them that are not phones.

const values = (text: string) => findPhones(text).map((s) => s.value);
const redacted = (text: string) => detectPii(text, DEFAULT_PII_CONFIG).map((s) => s.value);

const FOUND: readonly [text: string, phones: readonly string[]][] = [
  // Russia: trunk 8 or +7, the area code often bracketed, the subscriber number 3-2-2.
  ['Мой телефон: 8 (912) 345-67-89, звоните после 18:00.', ['8 (912) 345-67-89']],
  ['You can reach Ivan at 8 (912) 345-67-89 after 6pm.', ['8 (912) 345-67-89']],
  ['Пишите в WhatsApp: +7 912 345-67-89', ['+7 912 345-67-89']],
  ['Contact: 8-912-345-67-89 (Olga)', ['8-912-345-67-89']],
  ['Офис в Москве: +7 (495) 123-45-67, доб. 105', ['+7 (495) 123-45-67, доб. 105']],
  ['Тел.: 8 (812) 123-45-67', ['8 (812) 123-45-67']],
  ['Офис: (495) 123-45-67', ['(495) 123-45-67']],
  ['Горячая линия: 8 800 555-35-35 (бесплатно)', ['8 800 555-35-35']],
  ['Моб. 8 912 345 67 89', ['8 912 345 67 89']],
  ['С уважением,\nИван Петров\nменеджер по продажам\n+7-912-345-67-89', ['+7-912-345-67-89']],
  ['Звоните: 89123456789', ['89123456789']],
  ['| ФИО | Телефон |\n|---|---|\n| Иванов И. И. | 8 (912) 345-67-89 |', ['8 (912) 345-67-89']],
  // Poland: nine digits, mobiles 3-3-3, landlines a two-digit area code and 3-2-2.
  ['Proszę dzwonić pod numer 512 345 678.', ['512 345 678']],
  ['Tel. kom.: 512-345-678', ['512-345-678']],
  ['Zadzwoń: +48 22 123 45 67 (sekretariat)', ['+48 22 123 45 67']],
  [
    'Our Warsaw office is on 22 123 45 67 and my mobile is +48 512 345 678.',
    ['22 123 45 67', '+48 512 345 678'],
  ],
  ['Biuro: (22) 123 45 67', ['(22) 123 45 67']],
  [
    'Pozdrawiam,\nAnna Kowalska\ntel. 22 123 45 67\nkom. 0048 512 345 678',
    ['22 123 45 67', '0048 512 345 678'],
  ],
  ['| Imię i nazwisko | Telefon |\n| Jan Nowak | 512 345 678 |', ['512 345 678']],
  // Norway: eight digits, mobiles 3-2-3, landlines 2-2-2-2.
  ['Ring meg på 412 34 567 etter lunsj.', ['412 34 567']],
  ['Telefon: 22 12 34 56', ['22 12 34 56']],
  [
    'Call Kari on +47 412 34 567 or the Oslo office, +47 22 12 34 56.',
    ['+47 412 34 567', '+47 22 12 34 56'],
  ],
  ['Med vennlig hilsen\nKari Nordmann\nMobil: 412 34 567', ['412 34 567']],
  ['Mobil: 41234567', ['41234567']],
  ['From Norway dial 0047 412 34 567.', ['0047 412 34 567']],
  ['| Navn | Telefon |\n| Ola Nordmann | 22 12 34 56 |', ['22 12 34 56']],
];

const LEFT_ALONE: readonly string[] = [
  // Dates and times.
  'Møtet er 22.12.2024 kl. 14.30.',
  'Faktura z dnia 22.12.2024 r.',
  'Договор от 22.12.2024 № 15',
  'Den 22 12 2024 kl. 14.30',
  'Åpent 08.00–16.00, lørdag 10:00–14:00.',
  // Prices, amounts and counts.
  'Cena: 1 299 zł, po rabacie 1 099,00 zł.',
  'Pris: 12 345 kr inkl. mva.',
  'Стоимость: 12 345 руб., итого 4 990 ₽',
  'Obrót spółki wyniósł 512 345 678 zł.',
  'Население России: 146 171 015 человек',
  // Identifiers, with their labels.
  'Zamówienie nr 512345678 zostało wysłane.',
  'Order 512-345-678 has shipped.',
  'Invoice no. 412 34 567',
  'Номер заказа: 912345678',
  'Org.nr. 923 609 016 MVA',
  'Kontonummer: 8601.11.17947',
  'NIP: 123-456-32-18',
  'PESEL: 44051401359',
  'ИНН 7707083893, ОГРН 1027700132195',
  'СНИЛС: 112-233-445 95',
  // Bank accounts (IBAN is not a kind this package redacts).
  'IBAN: NO93 8601 1117 947',
  'Numer konta: PL61 1090 1014 0000 0712 1981 2874',
  // Postcodes and addresses.
  'Karl Johans gate 22, 0150 Oslo',
  'ul. Marszałkowska 142, 00-950 Warszawa',
  '101000, Москва, ул. Мясницкая, д. 12',
  // Versions and books.
  'Upgrade to 22.12.34 or kernel 5.15.0-91.',
  'ISBN 978-83-01-12345-6',
  'ISBN 978-5-17-123456-7',
];

describe('Russian, Polish and Norwegian phone numbers (decision 135)', () => {
  for (const [text, phones] of FOUND) {
    it(`finds ${phones.join(' and ')}`, () => {
      assert.deepEqual(values(text), phones);
    });
  }

  it('leaves dates, amounts, identifiers, accounts, postcodes and ISBNs alone', () => {
    for (const text of LEFT_ALONE) assert.deepEqual(redacted(text), [], text);
  });

  it('gives one number written nationally and internationally one placeholder', () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    assert.equal(
      session.redact('8 (912) 345-67-89 или +7 912 345-67-89; 512 345 678, czyli +48 512 345 678'),
      '[PHONE_REDACTED_1] или [PHONE_REDACTED_1]; [PHONE_REDACTED_2], czyli [PHONE_REDACTED_2]',
    );
  });

  it('reads a number by the country whose layout it follows, not the first plan it fits', () => {
    // 601 234 567 is also a valid Spanish mobile, which Spain writes 601 23 45 67.
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    assert.equal(
      session.redact('Tel. 601 234 567 (z zagranicy +48 601 234 567)'),
      'Tel. [PHONE_REDACTED_1] (z zagranicy [PHONE_REDACTED_1])',
    );
  });

  it('completes a megabyte of digits and separators', () => {
    const pieces = [
      '8 (912) ',
      '345-67-89 ',
      '22 12 ',
      '34 56',
      '+48 ',
      '00-950 ',
      '22.12.',
      '- ',
      '((',
      '7',
    ];
    let text = '';
    for (let i = 0; text.length < 1_000_000; i++) text += pieces[(i * 7) % pieces.length];
    assert.ok(Array.isArray(detectPii(text, DEFAULT_PII_CONFIG)));
    const digits = '9'.repeat(1_000_000);
    assert.ok(Array.isArray(detectPii(digits, DEFAULT_PII_CONFIG)));
  });
});
