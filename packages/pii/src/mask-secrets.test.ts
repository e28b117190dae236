import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskSecrets } from './mask-secrets.ts';

describe('maskSecrets', () => {
  it("masks the key in a provider's error message, keeping the rest", () => {
    assert.equal(
      maskSecrets(
        'Incorrect API key provided: sk-proj-Abc123Def456Ghi789Jkl012Mno345. You can find your API key at https://platform.openai.com/account/api-keys.',
      ),
      'Incorrect API key provided: [SECRET_REDACTED]. You can find your API key at https://platform.openai.com/account/api-keys.',
    );
  });

  it('masks AWS, GitHub, Anthropic and Stripe keys and private key blocks', () => {
    const text = [
      'AKIAIOSFODNN7EXAMPLE',
      'ghp_Abc123Def456Ghi789Jkl012Mno345Pqr678',
      'sk-ant-api03-Abc123Def456Ghi789Jkl012Mno345',
      'sk_live_Abc123Def456Ghi789Jkl0',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
    ].join(' and ');
    assert.equal(maskSecrets(text), Array(5).fill('[SECRET_REDACTED]').join(' and '));
  });

  it('masks known values of any shape, wherever they appear', () => {
    assert.equal(
      maskSecrets('key mistral-secret-key is not valid (mistral-secret-key)', [
        'mistral-secret-key',
      ]),
      'key [SECRET_REDACTED] is not valid ([SECRET_REDACTED])',
    );
    assert.equal(
      maskSecrets('short abc stays', ['abc']),
      'short abc stays',
      'too short to be a key',
    );
  });

  it('masks overlapping findings once', () => {
    assert.equal(
      maskSecrets('Authorization: Bearer sk-proj-Abc123Def456Ghi789Jkl012Mno345 rejected'),
      'Authorization: Bearer [SECRET_REDACTED] rejected',
    );
  });

  it('masks a connection string password holding an @ whole (decision 173)', () => {
    assert.equal(
      maskSecrets('could not connect to postgres://admin:p@ss@db.internal:5432/app'),
      'could not connect to postgres://admin:[SECRET_REDACTED]@db.internal:5432/app',
    );
  });

  it('leaves text without secrets as it is', () => {
    const text = 'The server had an error while processing your request. Sorry about that!';
    assert.equal(maskSecrets(text), text);
    assert.equal(maskSecrets(''), '');
  });
});
