import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from '../../types.ts';
import { webSearchTool } from './web-search.ts';

test('a search_context_size that only an object inherits is a 400, not a tool sent without max_uses', () => {
  for (const size of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
    assert.throws(
      () => webSearchTool({ search_context_size: size }),
      (err: unknown) =>
        err instanceof GatewayError &&
        err.status === 400 &&
        err.param === 'web_search_options.search_context_size',
      size,
    );
  }
  assert.equal(webSearchTool({ search_context_size: 'high' })?.max_uses, 10);
});
