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

  it('finds long random strings only next to a key-ish word', () => {
    const hex = 'a8f5f167f44f4964e6c998dee827110c';
    assert.deepEqual(values(`api_key = "${hex}"`), [hex]);
    assert.deepEqual(values(`commit ${hex}`), []);
    assert.deepEqual(values('password: this_is_a_very_long_plain_snake_case_identifier'), []);
  });

  it('ignores short prefixes and ordinary words', () => {
    assert.deepEqual(values('ask-me-anything and sk-short and the task-runner'), []);
  });
});
