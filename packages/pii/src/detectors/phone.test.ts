import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPhones } from './phone.ts';

const values = (text: string) => findPhones(text).map((s) => s.value);

describe('findPhones', () => {
  it('reads numbers listed with " / " between them one by one, none taking digits of the next', () => {
    assert.deepEqual(values('Appelez +49 30 123456 / 06 12 34 56 78.'), [
      '+49 30 123456',
      '06 12 34 56 78',
    ]);
    assert.deepEqual(values('Tel. 0171 2345678 / 030 1234567'), ['0171 2345678', '030 1234567']);
    assert.deepEqual(values('Numéros : 01 23 45 67 89 / 06 12 34 56 78'), [
      '01 23 45 67 89',
      '06 12 34 56 78',
    ]);
    assert.deepEqual(values('Tel. 030 / 1234567'), ['030 / 1234567']);
  });

  it('reads a number written with its country code in a reserved fictional range as a phone', () => {
    // Ofcom keeps 07700 900000-900999 for drama; numbering plans call +44 7700 900123 invalid, so
    // it went to the provider as written while "07700 900 456" was redacted.
    assert.deepEqual(values('Call +44 7700 900123 now.'), ['+44 7700 900123']);
    assert.deepEqual(values('UK mobile: +447700900123'), ['+447700900123']);
    assert.deepEqual(values('Call me on +44 (0)7700 900123'), ['+44 (0)7700 900123']);
    // Still not a phone: too short or too long for the country, or a bare run with no word for it.
    for (const text of ['Score +44 77 0', 'Total +4477009001234567', 'Delta +447700900123 units'])
      assert.deepEqual(values(text), [], text);
  });

  it('reads a number after a person named alone, or with its country code after any label, as a phone', () => {
    // Before: "Customer:" counted as an identifier's label ("Customer No."), so a CRM record's
    // phone went to the provider as written.
    assert.deepEqual(values('Customer: 415-555-2671'), ['415-555-2671']);
    assert.deepEqual(values('Member - (415) 555-2671'), ['(415) 555-2671']);
    assert.deepEqual(values('Employee: +44 20 7946 0958'), ['+44 20 7946 0958']);
    assert.deepEqual(values('Case: +1 415 555 2671'), ['+1 415 555 2671']);
    // With a number word, or bare digits, the label still names an identifier.
    for (const id of [
      'Customer No. 415-555-2671',
      'Member ID: 415-555-2671',
      'Customer 4155552671',
    ])
      assert.deepEqual(values(id), [], id);
  });

  it('reads a dashed or bracketed number between commas as a field, not a decimal', () => {
    assert.deepEqual(values('jane,415-555-2671,94103'), ['415-555-2671']);
    assert.deepEqual(values('123-45-6789,(415) 555-2671,1'), ['(415) 555-2671']);
    // Amounts keep their commas and dots: no phone in them.
    for (const amount of ['1,234,567', '1.234.567,89', '1 234 567,89', '10-12,15-20,100000']) {
      assert.deepEqual(values(`total ${amount}`), [], amount);
    }
  });

  it('finds international and national formats of several countries', () => {
    for (const phone of [
      '+1 (415) 555-2671',
      '(415) 555-2671',
      '415.555.2671',
      '415-555-2671',
      '1-800-555-0199',
      '+44 20 7946 0958',
      '020 7946 0958',
      '+44 (0)20 7946 0958',
      '0044 20 7946 0958',
      '+49 30 901820',
      '030 901820',
      '030/901820',
      '+33 1 23 45 67 89',
      '01 23 45 67 89',
      '06.30.28.48.95',
      '+34 912 34 56 78',
      '+61 2 9876 5432',
      '+91 98765 43210',
      '(11) 91234-5678',
      '+14155552671',
    ]) {
      assert.deepEqual(values(`Details: ${phone}, thanks`), [phone], phone);
    }
  });

  it('includes extensions in the number', () => {
    assert.deepEqual(values('Call +1 (415) 555-2671 ext. 123 today'), [
      '+1 (415) 555-2671 ext. 123',
    ]);
    assert.deepEqual(values('Office 415-555-2671 x42.'), ['415-555-2671 x42']);
  });

  it('reads a bare run of digits as a phone only when the text says so', () => {
    assert.deepEqual(values('Call me on 4155552671 tonight'), ['4155552671']);
    assert.deepEqual(values('Telefonnummer 030901820'), ['030901820']);
    assert.deepEqual(values('Result: 4155552671 rows'), []);
    assert.deepEqual(values('Caller ID: 415-555-2671'), ['415-555-2671']);
  });

  it('accepts chunked and national groupings but not arbitrary splits', () => {
    assert.deepEqual(values('Ring 016 977 3629'), ['016 977 3629']);
    assert.deepEqual(values('Details: 41555 52671'), []);
    assert.deepEqual(values('Details: 0 583376'), []);
  });

  it('does not read order numbers, dates, versions, prices, postcodes or timestamps as phones', () => {
    for (const text of [
      'Order #415-555-2671 shipped',
      'order no. 4155552671',
      'Bestellnummer 0301234567',
      'Invoice INV-2024-001234',
      'ISBN 978-3-16-148410-0',
      'ISBN 0-306-40615-2',
      'Due 2024-03-15 10:30',
      'Termin am 15.03.2024 um 10:30',
      'on 03/15/2024',
      'version 10.0.19045.3570',
      'Chrome/120.0.6099.109',
      'Total: $4,155,552.67',
      'costs $415.555.2671',
      'Budget 650 000 000 € this year',
      'Ship to CA 94107-1234',
      '{"ts": 1710498600}',
      'epoch_ms=1710498600123',
      'at 2024-03-15T10:30:00Z',
      'Tracking 1Z999AA10123456784',
      'USPS 9400 1000 0000 0000 0000 00',
      'Gift card 4551 0740 5491 9521',
      'IBAN DE89 3704 0044 0532 0130 00',
      'SSN 623-45-6789',
      'Server 192.168.100.200',
      'pi is 3.14159265358979',
      'x = 0.5833761 * y',
      'Lottery: 7 14 21 28 35 42',
      'Growth was 415.5552671%',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('separates a phone from a number that follows it', () => {
    assert.deepEqual(values('Call 415-555-2671 24/7'), ['415-555-2671']);
    assert.deepEqual(values('+44 20 7946 0958 / +49 30 901820'), [
      '+44 20 7946 0958',
      '+49 30 901820',
    ]);
  });

  it('keeps brackets that wrap the whole number outside the value', () => {
    assert.deepEqual(values('Santino (+49 (0)30 901820) called'), ['+49 (0)30 901820']);
    assert.deepEqual(values('(030 901820)'), ['030 901820']);
  });

  it('finds Japanese, Chinese and Korean numbers written without spaces in their own text', () => {
    for (const [text, phone] of [
      ['電話番号は09012345678です', '09012345678'],
      ['電話は03-1234-5678です', '03-1234-5678'],
      ['连系电话：13812345678。', '13812345678'],
      ['我的手机号是13812345678，谢谢', '13812345678'],
      ['请拨打 138 1234 5678', '138 1234 5678'],
      ['010-1234-5678로 연락주세요', '010-1234-5678'],
      ['연락처: 01012345678', '01012345678'],
      ['携帯 +81 90-1234-5678 まで', '+81 90-1234-5678'],
    ]) {
      assert.deepEqual(values(text as string), [phone], text);
    }
  });

  it('reads full-width digits and hyphens, and reports the value as written', () => {
    const text = '電話：０９０‐１２３４‐５６７８まで';
    const [span] = findPhones(text);
    assert.equal(span?.value, '０９０‐１２３４‐５６７８');
    assert.equal(text.slice(span?.start, span?.end), span?.value);
    assert.equal(span?.normalized, '+819012345678');
    assert.deepEqual(values('携帯：＋８１ ９０－１２３４－５６７８'), [
      '＋８１ ９０－１２３４－５６７８',
    ]);
  });

  it('leaves bare, labelled or priced digits in Chinese and Japanese text alone', () => {
    for (const text of [
      '13812345678',
      '番号は 09012345678 です',
      '您的订单号13812345678已发货',
      '注文番号 09012345678',
      '会員番号：０９０１２３４５６７８',
      '合計 1234567円',
      '東京の人口は約14,000,000人です。',
      '在2024-03-15到2024-03-20',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('finds a bare mainland-China mobile written into Chinese text, not a bare one elsewhere', () => {
    for (const [text, phone] of [
      ['我的号码13812345678', '13812345678'],
      ['号码：13812345678', '13812345678'],
      ['张三 13912345678，李四 15012345678。', '13912345678,15012345678'],
      ['有事找我13812345678谢谢', '13812345678'],
      ['我的号码１３８１２３４５６７８', '１３８１２３４５６７８'],
      // Laid out as a phone, it was found already, with or without Chinese around it.
      ['138 1234 5678', '138 1234 5678'],
      ['138-1234-5678', '138-1234-5678'],
      ['+86 138 1234 5678', '+86 138 1234 5678'],
    ]) {
      assert.deepEqual(values(text as string).join(','), phone, text);
    }
    for (const text of [
      // No Chinese next to it: an 11-digit run is as likely an ID, as in English text.
      'ref 13812345678',
      '13812345678',
      // Labelled as an order, tracking, serial or account number, or an amount.
      '订单13812345678',
      '快递单号13812345678已发出',
      '编号：13812345678',
      '流水号13812345678',
      '交易号 13812345678',
      '账号13812345678',
      '共13812345678元',
      // Not a mobile prefix, or not 11 digits.
      '我的号码12812345678',
      '编码1381234567890',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('reports offsets that slice back to the value', () => {
    const text = 'Ana: +33 1 23 45 67 89.';
    const [span] = findPhones(text);
    assert.equal(text.slice(span?.start, span?.end), '+33 1 23 45 67 89');
  });
});
