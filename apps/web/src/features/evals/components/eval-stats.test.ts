import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { EvalStats } from './eval-stats.tsx';

test('Total Evals says it counts votes, so 0 beside a list of answers to review is not a contradiction', () => {
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(EvalStats, {
        stats: { total_evals: 0, thumbs_up: 0, thumbs_down: 0, satisfaction_rate: 0 },
      }),
    ),
  );
  const tile = /aria-label="Total Evals"[\s\S]*?<\/div><\/div>/.exec(html)?.[0] ?? html;
  assert.match(tile, /Answers with a thumbs up or down/);
});
