import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstRequestSnippets, KEY_PLACEHOLDER } from './first-request-snippets.ts';

test('every snippet carries the gateway address and the key, ready to paste', () => {
  const snippets = firstRequestSnippets('https://gw.example.com', 'tw_secret123');
  assert.deepEqual(
    snippets.map((s) => s.id),
    ['curl', 'node', 'python', 'anthropic'],
  );
  for (const s of snippets) {
    assert.ok(s.code.includes('tw_secret123'), `${s.id} holds the key`);
    assert.ok(!s.code.includes(KEY_PLACEHOLDER), `${s.id} has no placeholder left`);
  }
  const byId = Object.fromEntries(snippets.map((s) => [s.id, s.code]));
  assert.match(byId.curl ?? '', /https:\/\/gw\.example\.com\/v1\/chat\/completions/);
  assert.match(byId.node ?? '', /baseURL: 'https:\/\/gw\.example\.com\/v1'/);
  assert.match(byId.python ?? '', /base_url="https:\/\/gw\.example\.com\/v1"/);
  // The Anthropic client adds /v1/messages itself: its base is the bare origin.
  assert.match(byId.anthropic ?? '', /baseURL: 'https:\/\/gw\.example\.com' \}/);
});

test('without a key yet the snippets say where the key goes', () => {
  for (const s of firstRequestSnippets('http://localhost:8080', undefined)) {
    assert.ok(s.code.includes(KEY_PLACEHOLDER), s.id);
  }
});
