import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ActivityTooltip } from './activity-tooltip.tsx';

test("the hover card shows a day's cost savings in dollars, as the axis does, not a count rounded to 0", () => {
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(ActivityTooltip, {
        label: 'Dec 2',
        payload: [
          { name: 'requests', value: 1234, color: 'var(--mantine-color-indigo-5)' },
          { name: 'cost_savings', value: 0.000431, color: 'var(--mantine-color-teal-6)' },
        ],
        dollars: (v: number) => `$${v.toFixed(4)}`,
      }),
    ),
  );
  assert.match(html, /Requests<\/[^>]+>.*1,234/);
  assert.match(html, /Cost savings \(\$\)<\/[^>]+>.*\$0\.0004/);
});

test('each series keeps its colour beside its name, as in the legend', () => {
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(ActivityTooltip, {
        label: 'Dec 2',
        payload: [{ name: 'requests', value: 3, color: 'var(--mantine-color-indigo-5)' }],
        dollars: String,
      }),
    ),
  );
  assert.match(html, /var\(--mantine-color-indigo-5\)/);
});
