import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_PII_CONFIG } from '@tokenwise/pii';
import { GatewayError } from '../types.ts';
import { pseudonymizeIdentifiers } from './identifier-texts.ts';

const KEY = { secret: Buffer.alloc(32, 7), accountId: 'acc-1' };

const withMetadata = (pairs: number) => ({
  model: 'openai/gpt-4o-mini',
  messages: [],
  metadata: Object.fromEntries(Array.from({ length: pairs }, (_, i) => [`k${i}`, i])),
});

test('metadata past the pairs the gateway reads is a 400 naming it, before any digest is taken', () => {
  // Each pair costs two HMACs on the event loop: 2.5 million short keys fit the 20 MB body limit
  // and held the loop for seconds. No provider takes that many (OpenAI 16, Anthropic one).
  assert.throws(
    () => pseudonymizeIdentifiers(withMetadata(65), DEFAULT_PII_CONFIG, KEY),
    (err: unknown) =>
      err instanceof GatewayError &&
      err.status === 400 &&
      err.param === 'metadata' &&
      /65 pairs/.test(err.message),
  );
});

test('metadata within the bound is read: opaque keys pass, the request is not refused', () => {
  const request = withMetadata(64);
  const next = pseudonymizeIdentifiers(request, DEFAULT_PII_CONFIG, KEY);
  assert.deepEqual(next.metadata, request.metadata);
});
