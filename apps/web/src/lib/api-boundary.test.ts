/// <reference types="node" />
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((full) => ({
  path: relative(SRC, full),
  text: readFileSync(full, 'utf8'),
}));

test('the app calls the API only through the endpoint contracts', () => {
  const rawCalls = files
    .filter(({ path }) => path !== join('lib', 'api-client.ts'))
    .filter(({ text }) => /\bapiRequest\b|\bfetch\(\s*['"`]/.test(text))
    .map(({ path }) => path);
  assert.deepEqual(rawCalls, [], 'call callEndpoint(endpoints.…) instead');
});

test('no API path is written out by hand in api/ or app/ code', () => {
  const handWritten = files
    .filter(({ path }) => path.startsWith('app') || path.split(/[\\/]/).includes('api'))
    .filter(({ text }) => /['"`]\/v1\//.test(text))
    .map(({ path }) => path);
  assert.deepEqual(handWritten, [], 'take the path from the endpoint (endpointUrl for links)');
});
