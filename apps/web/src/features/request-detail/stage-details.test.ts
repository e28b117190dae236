import assert from 'node:assert/strict';
import { test } from 'node:test';
import { difficultyText, stageDetails } from './stage-details.ts';

test('difficulty reasons are listed in the order the router gave them', () => {
  assert.deepEqual(stageDetails({ difficulty_reasons: ['long prompt', 'code block', ' ', ''] }), [
    { label: 'Difficulty reasons', value: 'long prompt; code block' },
  ]);
});

test('a cache hit names its entry and how similar the prompt was', () => {
  assert.deepEqual(stageDetails({ cache_entry_id: 'ce_1', cache_similarity: 0.97312 }), [
    { label: 'Cache entry', value: 'ce_1' },
    { label: 'Similarity', value: '0.973' },
  ]);
});

test('no details, or only ones the screen shows elsewhere, adds nothing to the screen', () => {
  assert.deepEqual(stageDetails(null), []);
  assert.deepEqual(stageDetails({ cache_layer: 'exact', difficulty_reasons: [] }), []);
});

test('what redaction kept from the provider is counted by kind, as the PII switches name them', () => {
  assert.deepEqual(stageDetails({ pii_redacted: { email: 3, phone: 1, ssn: 2, secret: 0 } }), [
    { label: 'PII redacted', value: '3 emails, 1 phone number, 2 SSNs' },
  ]);
  assert.deepEqual(stageDetails({ pii_redacted: {} }), []);
});

test('an optimization the gateway skipped says why, so the level is not a bare N/A', () => {
  const why = 'compression, semantic cache and routing skipped: the prompt has 600,000 characters';
  assert.deepEqual(stageDetails({ optimizations_skipped: [why] }), [
    { label: 'Skipped', value: why },
  ]);
});

test('a model with no listed price says its $0 cost is unknown, not free', () => {
  assert.deepEqual(stageDetails({ price_unknown: true }), [
    {
      label: 'Price',
      value: 'unknown: the model has no listed price yet, so its cost and savings show as $0',
    },
  ]);
});

test('a difficulty left out of the sample says so; one that could not be scored is N/A', () => {
  assert.equal(difficultyText({ difficulty: 'medium', difficulty_not_sampled: null }), 'medium');
  assert.equal(difficultyText({ difficulty: null, difficulty_not_sampled: null }), 'N/A');
  assert.equal(difficultyText({ difficulty: null }), 'N/A');
  assert.match(
    difficultyText({ difficulty: null, difficulty_not_sampled: 10 }),
    /^N\/A \(not sampled: .*1 request in 10 is scored\)$/,
  );
});
