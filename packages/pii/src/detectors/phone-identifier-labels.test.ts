import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPhones } from './phone.ts';

// Decision 186. Every example was written for this file, in the style of real messages.
const values = (text: string) => findPhones(text).map((s) => s.value);

describe('findPhones: digits an identifier label names', () => {
  it('leaves numbers labelled as an identifier alone, in the eight languages', () => {
    for (const text of [
      'GUID 0612-3456-7890',
      'UUID: 0612-3456-7890',
      'error codes 0800 1234 5678',
      'The job failed with error code: 0800 1234 5678',
      'status code 0800 1234 5678',
      'exit code 0161 496 0123',
      'commit 0612 345 678 broke the build',
      'serial number 0471 234 5678',
      'SKU 0612 345 678',
      'part no. 020 7946 0123',
      'tracking number 0612 3456 7890',
      'build 0161 496 0123',
      'Fehlercode 0800 1234 5678',
      'Seriennummer 0471 234 5678',
      'Teilenummer 020 7946 0123',
      'Chargennummer 0612 345 678',
      "code d'erreur 0800 1234 5678",
      'numéro de série 0471 234 5678',
      'référence 0612 345 678',
      'código de error 0800 1234 5678',
      'número de serie 0471 234 5678',
      'lote 0612 345 678',
      'codice di errore 0800 1234 5678',
      'numero di serie 0471 234 5678',
      'lotto 0612 345 678',
      'foutcode 0800 1234 5678',
      'serienummer 0471 234 5678',
      'onderdeelnummer 020 7946 0123',
      'kod błędu 0800 1234 5678',
      'numer seryjny 0471 234 5678',
      'код ошибки 0800 1234 5678',
      'серийный номер 0471 234 5678',
      'артикул 0612 345 678',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('leaves digits right after a dotted code name or a "go to" alone', () => {
    for (const text of [
      'java.lang.Thread 12 345 6789',
      'at com.example.OrderService 0612 345 678',
      'Go to 0161 496 0123 for the exit',
      'Gehe zu 0161 496 0123 im Menü',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('still finds phones of the same shapes', () => {
    for (const [text, phone] of [
      ['call 0612 345 678', '0612 345 678'],
      ['Phone number 0612 345 678', '0612 345 678'],
      ['my number is 0161 496 0123', '0161 496 0123'],
      ['order line 0800 1234 5678', '0800 1234 5678'],
      ['support hotline 0800 1234 5678', '0800 1234 5678'],
      ['Error? Call 0800 1234 5678', '0800 1234 5678'],
      ['Serial killer podcast, call in: 0161 496 0123', '0161 496 0123'],
      ['Go to reception or call 0161 496 0123', '0161 496 0123'],
      ['Go to 0161 496 0123 or call us', '0161 496 0123'],
      ['Acme Ltd, www.acme.co.uk, 020 7946 0123', '020 7946 0123'],
      ['john.smith@acme.co.uk 020 7946 0123', '020 7946 0123'],
      ['St.Gallen 071 223 45 67', '071 223 45 67'],
      ['See the java docs, then ring 0161 496 0123', '0161 496 0123'],
      ['Kundendienst 0800 1234 5678', '0800 1234 5678'],
    ] as const) {
      assert.deepEqual(values(text), [phone], text);
    }
  });
});
