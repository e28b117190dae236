import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPhones } from './phone.ts';

// Decision 180. Every example was written for this file, in the style of real messages.
const values = (text: string) => findPhones(text).map((s) => s.value);

describe('findPhones: dates written in pieces, next to a date word', () => {
  it('leaves month-days with a year, year-first dates and ranges of them alone', () => {
    for (const text of [
      'Sprint 08-11 to 08-25 2025',
      'Dates: 08-11 and 08-25 2025',
      'The review is due by Mar 08-25 2025.',
      'Planning for week 08-11 2025 is done.',
      'See 08-11..08-25 2025 for the freeze.',
      'Sprint 2025 08-11 to 08-25',
      'between 2024 03 01 and 2024 03 15',
      'between 10-12 11-03 we ship nothing',
      'Urlaub bis 08-25 2025',
      'Vacances entre 08.11 2025 et 25.08 2025',
      'Released from 12.03 2025 until 19.03 2025',
      'Zeitraum 01.03 2025 - 31.03 2025',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('still reads numbers of the same shape as phones where no date word is near, or a phone word is', () => {
    for (const [text, phone] of [
      ['call me on 08-123 456 78', '08-123 456 78'],
      ['+46 8 123 456 78', '+46 8 123 456 78'],
      ['Call 08-25 2025 now', '08-25 2025'],
      ['Tel: 08-25 2025', '08-25 2025'],
      ['Ring me on 08-25 2025 from nine', '08-25 2025'],
      ['Stockholm office 08-25 20 25', '08-25 20 25'],
      ['Send the form to 06-12 34 56 78', '06-12 34 56 78'],
      ['Mobil: 20 12 34 56', '20 12 34 56'],
      ['Her new number is 080 167 13367', '080 167 13367'],
    ] as const) {
      assert.deepEqual(values(text), [phone], text);
    }
  });
  it('reads the date word at a line edge whole when the line before or after is long', () => {
    // The 32-character window was cut by the line break, not in a word: nothing to drop.
    const long = 'Notes_from_the_planning_meeting_of_today';
    for (const text of [
      `${long}\nbis 08-25 2025`,
      `08-25 2025 bis\n${long}`,
      `Zeitraum 01.03 2025 - 31.03 2025\n${long}`,
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });
});

describe('findPhones: a noun right after the number says what it is', () => {
  it('leaves counts, measures and references named after the number alone', () => {
    for (const text of [
      'Please see 08-123 456 78 in the appendix',
      'The torques are 08-123 456 78 in table 4.',
      'Values 0612 345 678 of the table are stale.',
      'We shipped 0612 345 678 units last year.',
      'The job read 0612 345 678 rows before it failed.',
      'latency 120 340 560 ms at p99',
      'The cache holds 0612 345 678 bytes.',
      'Wir haben 0612 345 678 Zeilen importiert.',
      'We had 0612 345 678 visits in March.',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('still reads phones followed by other words, and by counts where a phone word names them', () => {
    for (const [text, phone] of [
      ['Please call 08-123 456 78 in the morning', '08-123 456 78'],
      ['My number is 08-123 456 78 in Stockholm', '08-123 456 78'],
      ['Reach me at 0612 345 678 weekdays', '0612 345 678'],
      ['My number: 020 7946 0321 (office)', '020 7946 0321'],
      ['Ask for Lola at 039 7551 300 after lunch', '039 7551 300'],
      ['Phone 0612 345 678 units sales', '0612 345 678'],
      ['Anna Berg 070-123 45 67 in the office', '070-123 45 67'],
    ] as const) {
      assert.deepEqual(values(text), [phone], text);
    }
  });
});

describe('findPhones: Unix file modes', () => {
  it('leaves runs of octal modes alone and still reads numbers that start with one', () => {
    assert.deepEqual(values('Run chmod 0755 0644 0600 on the three files.'), []);
    assert.deepEqual(values('Modes 0644 0600 0755 0700'), []);
    assert.deepEqual(values('Shenzhen office 0755 8123 4567'), ['0755 8123 4567']);
    assert.deepEqual(values('Call 0711 2345 6789'), ['0711 2345 6789']);
  });
});
