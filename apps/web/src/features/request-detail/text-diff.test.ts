import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DiffSegment, diffWords } from './text-diff.ts';

const join = (segments: DiffSegment[]) => segments.map((s) => s.text).join('');
const changed = (segments: DiffSegment[]) =>
  segments.filter((s) => s.changed).map((s) => s.text.trim());

test('identical texts show no highlighted words', () => {
  const diff = diffWords('Summarize this report.', 'Summarize this report.');
  assert.deepEqual(changed(diff.original), []);
  assert.deepEqual(changed(diff.optimized), []);
});

test('words the optimizer dropped are highlighted in the original only', () => {
  const diff = diffWords(
    'Could you please kindly summarize the following report for me',
    'Could you summarize the following report',
  );
  assert.deepEqual(changed(diff.original), ['please kindly', 'for me']);
  assert.deepEqual(changed(diff.optimized), []);
});

test('a rewritten word is highlighted on both sides', () => {
  const diff = diffWords('Translate the text into French now', 'Translate the text to French now');
  assert.deepEqual(changed(diff.original), ['into']);
  assert.deepEqual(changed(diff.optimized), ['to']);
});

test('each side reads back exactly as it was, spacing and line breaks included', () => {
  const original = '  First line\n\nsecond   line with   extra words \n';
  const optimized = 'First line\nsecond line with words';
  const diff = diffWords(original, optimized);
  assert.equal(join(diff.original), original);
  assert.equal(join(diff.optimized), optimized);
});

test('re-spacing alone is not a change', () => {
  const diff = diffWords('one  two\nthree', 'one two three');
  assert.deepEqual(changed(diff.original), []);
  assert.deepEqual(changed(diff.optimized), []);
});

test('one side empty: all of the other side is highlighted', () => {
  const diff = diffWords('nothing survived', '');
  assert.deepEqual(changed(diff.original), ['nothing survived']);
  assert.deepEqual(diff.optimized, []);
});

test('a very long prompt still gives both texts back, with the shared ends unmarked', () => {
  const words = Array.from({ length: 6000 }, (_, i) => `w${i}`);
  const rewritten = words.map((w, i) => (i >= 10 && i < 5990 ? `${w}x` : w));
  const diff = diffWords(words.join(' '), rewritten.join(' '));
  assert.equal(join(diff.original), words.join(' '));
  assert.equal(join(diff.optimized), rewritten.join(' '));
  assert.equal(diff.original[0]?.changed, false);
  assert.match(diff.original[0]?.text ?? '', /^w0 w1 .* w9 $/);
  assert.equal(diff.original.at(-1)?.changed, false);
});
