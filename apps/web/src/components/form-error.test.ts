import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormError } from './form-error.tsx';

test("a detail line is read out with the notice: it sits inside the alert's role", () => {
  const wait = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(FormError, { message: 'Invalid email or password', detail: wait }),
    ),
  );
  const alert = /<div[^>]*role="alert"[^>]*>([\s\S]*)$/.exec(html)?.[1] ?? '';
  assert.match(alert, /Invalid email or password/);
  assert.ok(alert.includes(wait), html);
});

test('with a detail line, the message is an element whose whole text is the sentence', () => {
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(FormError, { message: 'Invalid email or password', detail: 'Wait 15 min.' }),
    ),
  );
  assert.match(html, />Invalid email or password<\/div>/);
});
