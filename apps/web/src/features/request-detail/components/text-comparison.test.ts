import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MantineProvider } from '@mantine/core';
import type { RequestDetail } from '@tokenwise/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TextComparison } from './text-comparison.tsx';

const FAILED_EARLY: RequestDetail = {
  id: 'r1',
  status: 'error',
  cache_hit: false,
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  tokens_in: 0,
  tokens_out: 0,
  tokens_saved: 0,
  cost_saved: 0,
  actual_cost: 0,
  latency_ms: 5,
  created_at: '2026-12-02T10:15:27.047Z',
  optimization_level: null,
  difficulty: null,
  was_routed: false,
  requested_model: 'claude-haiku-4-5',
  routed_model: null,
  // A request refused before its prompt was read (no provider key) is logged with empty texts.
  original_text: '',
  optimized_text: '',
  error_message: 'No API key configured for anthropic',
};

function render(request: RequestDetail): string {
  return renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(TextComparison, { request })),
  );
}

test('a request that failed before its prompt was read says so, as the dashboard row does', () => {
  const html = render(FAILED_EARLY);
  assert.doesNotMatch(html, /The prompt was sent as written/);
  assert.equal(html.match(/Not recorded/g)?.length, 2, html);
});

test('a prompt sent unchanged still says it was sent as written', () => {
  const html = render({
    ...FAILED_EARLY,
    status: 'success',
    original_text: 'user: hi',
    optimized_text: 'user: hi',
  });
  assert.match(html, /The prompt was sent as written/);
  assert.doesNotMatch(html, /Not recorded/);
});
