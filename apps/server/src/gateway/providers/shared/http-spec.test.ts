import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonPost } from './http-spec.ts';

test('a base URL with or without trailing slashes gives the same request URL', () => {
  for (const base of ['http://h:1/v1', 'http://h:1/v1/', 'http://h:1/v1///']) {
    assert.equal(jsonPost(base, '/chat/completions', {}, {}).url, 'http://h:1/v1/chat/completions');
  }
  // Only slashes at the very end go: one inside the path stays.
  assert.equal(jsonPost('http://h:1/a//b', '/x', {}, {}).url, 'http://h:1/a//b/x');
  const spec = jsonPost('http://h:1', '/x', { authorization: 'Bearer k' }, { a: 1 });
  assert.deepEqual(spec, {
    url: 'http://h:1/x',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    json: { a: 1 },
  });
});
