import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  attachAtOnce,
  attachInSlices,
  detachAtOnce,
  detachInSlices,
  LARGE_STRING_CHARS,
} from './large-strings.ts';

// Slices are 512 Ki characters on the way out and 1 MiB on the way back: these texts put a
// surrogate pair and multi-byte characters across both kinds of edge.
const pair = '😀';
const long = (n: number) =>
  `${'a'.repeat(512 * 1024 - 1)}${pair}${'é'.repeat(n)}${'ü'.repeat(1024 * 1024)}${pair}end`;

describe('long strings between threads', () => {
  test('a value survives the trip to a worker and back, whatever sits on a slice edge', async () => {
    const value = {
      model: 'm',
      messages: [
        { role: 'user', content: long(3) },
        { role: 'user', content: [{ type: 'text', text: long(700_000) }] },
        { role: 'assistant', content: 'short' },
      ],
      n: 1,
      flag: null,
    };
    const { detached, transfer } = await detachInSlices(value);
    assert.equal(detached.strings.length, 2);
    assert.ok(transfer.length > 2, 'each slice has a buffer of its own');
    assert.equal(new Set(transfer).size, transfer.length);
    // The caller's value is left as it was; only the containers on the way are copied.
    assert.equal(value.messages[0]?.content.length, long(3).length);
    const sent = structuredClone(detached, { transfer });
    assert.deepEqual(attachAtOnce(sent), value);

    const back = detachAtOnce(value);
    assert.deepEqual(await attachInSlices(structuredClone(back.detached, back)), value);
  });

  test('a long string on its own, and values without one, are passed through', async () => {
    const text = `${'x'.repeat(LARGE_STRING_CHARS)}${pair}`;
    const { detached } = await detachInSlices(text);
    assert.equal(detached.value, '');
    assert.equal(attachAtOnce(detached), text);
    const small = { a: ['b', 1, { c: 'd' }] };
    const none = await detachInSlices(small);
    assert.equal(none.detached.value, small);
    assert.deepEqual(none.transfer, []);
    assert.deepEqual(await attachInSlices(detachAtOnce([text]).detached), [text]);
  });
});
