import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findSecrets } from './secret.ts';

const values = (text: string) => findSecrets(text).map((s) => s.value);

describe('findSecrets', () => {
  it('finds vendor keys by their documented prefixes', () => {
    for (const key of [
      'sk-proj-Abc123Def456Ghi789Jkl012Mno345Pqr678',
      'sk-ant-api03-Abc123Def456Ghi789Jkl012Mno345',
      'AKIAIOSFODNN7EXAMPLE',
      'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr678',
      'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
      'sk_live_Abc123Def456Ghi789Jkl0',
      'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
    ]) {
      assert.deepEqual(values(`key: ${key} end`), [key], key);
    }
  });

  it('redacts only the credential of a Bearer header or URL', () => {
    assert.deepEqual(values('Authorization: Bearer abcDEF123456ghiJKL789'), [
      'abcDEF123456ghiJKL789',
    ]);
    assert.deepEqual(values('postgres://admin:s3cr3t@db.example.com/app'), ['s3cr3t']);
  });

  it('takes a URL password holding a raw @ whole, up to the last @ before the host (decision 173)', () => {
    for (const [url, password] of [
      ['postgres://admin:p@ss@db.internal:5432/app', 'p@ss'],
      ['https://user:s3cr@t@example.com/x', 's3cr@t'],
      ['redis://default:pa@ss@cache.internal:6379/0', 'pa@ss'],
      ['redis://:hunter2@cache.internal:6379', 'hunter2'],
      ['mongodb+srv://app:m0ng@pw@cluster0.abcde.mongodb.net/db?retryWrites=true', 'm0ng@pw'],
      ['amqp://guest:gu@st@rabbit.internal:5672/vhost', 'gu@st'],
      ['mysql://root:a@b@c@127.0.0.1:3306/shop', 'a@b@c'],
      ['"DATABASE_URL": "postgres://app:p@ss@db:5432/app"', 'p@ss'],
    ]) {
      assert.deepEqual(values(`${url} end`), [password], url);
    }
    // The host ends the userinfo: an '@' in the query after it is not the password's.
    assert.deepEqual(values('https://u:pass@host.example?next=a@b.com'), ['pass']);
    assert.deepEqual(values('https://u:p@ss@host.example?next=a@b.com'), ['p@ss']);
    assert.deepEqual(values('see https://example.com/?to=jo@x.com and ssh://git@github.com/a'), []);
  });

  it('finds long random strings only next to a key-ish word', () => {
    const hex = 'a8f5f167f44f4964e6c998dee827110c';
    assert.deepEqual(values(`api_key = "${hex}"`), [hex]);
    assert.deepEqual(values(`commit ${hex}`), []);
    assert.deepEqual(values('password: this_is_a_very_long_plain_snake_case_identifier'), []);
  });

  it('reads a long random string from 32 characters of its run, padding and signs included', () => {
    // The scan runs only where such a run is (decision 244): its edges, at the run's length.
    const token = 'Zm9vYmFyYmF6cXV4+/9xY2Q1ZTZ_Rk-8';
    assert.equal(token.length, 32);
    assert.deepEqual(values(`token ${token}`), [token]);
    assert.deepEqual(values(`secret: ${token}==`), [`${token}==`]);
    assert.deepEqual(values(`token ${token.slice(1)}`), []);
    assert.deepEqual(values(`auth: ${token.slice(0, 16)}.${token.slice(16)}`), []);
  });

  it('ignores short prefixes and ordinary words', () => {
    assert.deepEqual(values('ask-me-anything and sk-short and the task-runner'), []);
  });
});
