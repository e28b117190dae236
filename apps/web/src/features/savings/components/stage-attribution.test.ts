import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StageAttribution } from './stage-attribution.tsx';

function render(byStage: { cache: number; compression: number; routing: number }): string {
  return renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(StageAttribution, { byStage })),
  );
}

test('savings under a cent show their size instead of a row of "$0.00"', () => {
  const html = render({ cache: 0.00043, compression: 0.00012, routing: 0 });
  assert.match(html, /\$0\.0004</);
  assert.match(html, /\$0\.0001</);
  assert.doesNotMatch(html, /\$0\.00</);
});

test('a dollar or more keeps cents', () => {
  const html = render({ cache: 12.5, compression: 0.004, routing: -0.25 });
  assert.match(html, /\$12\.50</);
  assert.match(html, /\$0\.00</);
  assert.match(html, /-\$0\.25 \(cost more than it saved\)/);
});
