import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findEmails } from './email.ts';

const values = (text: string) => findEmails(text).map((s) => s.value);

describe('findEmails', () => {
  it('finds plain, plus-addressed, subdomain and country-domain addresses', () => {
    for (const address of [
      'jane.doe@example.com',
      'jane+newsletters@example.com',
      'ops@mail.eu.example.co.uk',
      'j_smith-99@some-company.de',
      'José.Núñez@correo.es',
      'x@xn--80ak6aa92e.com',
    ]) {
      assert.deepEqual(values(`Write to ${address}, thanks.`), [address], address);
    }
  });

  it('finds addresses at internationalised domains, in any language around them', () => {
    for (const [text, address] of [
      ['Schreib an user@münchen.de bitte', 'user@münchen.de'],
      ['Contact josé@españa.es now', 'josé@españa.es'],
      ['Écrivez à info@société-générale.fr.', 'info@société-générale.fr'],
      ['Почта: ivan@пример.рф', 'ivan@пример.рф'],
      ['メールはinfo@例え.jpまで', 'info@例え.jp'],
      ['连系 support@公司.com 谢谢', 'support@公司.com'],
      ['メールはjo@example.comです', 'jo@example.com'],
    ]) {
      assert.deepEqual(values(text as string), [address], text);
    }
  });

  it('finds addresses whose local part is in another script, without the text before it', () => {
    for (const [text, address] of [
      ['Почта: пользователь@пример.рф, спасибо', 'пользователь@пример.рф'],
      ['联系 用户@例子.中国 谢谢', '用户@例子.中国'],
      ['邮箱：用户@例子.中国。', '用户@例子.中国'],
      ['escribe a ñandú@correo.es hoy', 'ñandú@correo.es'],
      ['이메일 사용자@예시.한국', '사용자@예시.한국'],
      ['Γράψτε στο χρήστης@παράδειγμα.ελ', 'χρήστης@παράδειγμα.ελ'],
      // A local part keeps to one script: the Japanese or Russian word before it stays out.
      ['メールuser@example.com', 'user@example.com'],
      ['Почтаivan@пример.рф', 'ivan@пример.рф'],
    ]) {
      assert.deepEqual(values(text as string), [address], text);
    }
  });

  it('reports exact offsets', () => {
    const text = 'cc: <ana@example.org>';
    const [span] = findEmails(text);
    assert.equal(text.slice(span?.start, span?.end), 'ana@example.org');
  });

  it('keeps surrounding punctuation, quotes and query strings out of the address', () => {
    assert.deepEqual(values('"bob@example.com".'), ['bob@example.com']);
    assert.deepEqual(values('**bob@example.com**'), ['bob@example.com']);
    assert.deepEqual(values('/subscribe?email=bob@example.com&x=1'), ['bob@example.com']);
    assert.deepEqual(values('[mail](mailto:bob@example.com)'), ['bob@example.com']);
    assert.deepEqual(values('Mail bob@example.com.'), ['bob@example.com']);
  });

  it('finds several addresses in one text', () => {
    assert.deepEqual(values('a@example.com; b@example.net, c@example.org'), [
      'a@example.com',
      'b@example.net',
      'c@example.org',
    ]);
  });

  it('ignores things that only look like addresses', () => {
    for (const text of [
      'ping @john_doe in the channel',
      'mail root@localhost',
      'npm i react@18.2.0',
      'use icon@2x.png on retina',
      'write to jane at example dot com',
      'postgres://admin:s3cret@db.example.com/app',
      'email@',
      '@example.com',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });
});

describe('findEmails on the independent set (decision 159)', () => {
  it('finds an address whose local part is quoted', () => {
    assert.deepEqual(values('Mail "jane doe"@example.net today'), ['"jane doe"@example.net']);
    assert.deepEqual(values('<"a.b,c"@mail.example.org>'), ['"a.b,c"@mail.example.org']);
    // A quote that closes a quotation is not a local part.
    assert.deepEqual(values('She said "hi" @ example.net'), []);
  });
});
