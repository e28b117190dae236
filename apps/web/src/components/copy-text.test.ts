/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type ClipboardAccess, copyText } from './copy-text.ts';

/** A clipboard whose two routes can each work or fail, recording what reached it. */
function fakeClipboard(opts: { api: 'works' | 'rejects' | 'missing'; selection: boolean }) {
  const copied: { via: string; text: string }[] = [];
  const access: ClipboardAccess = {
    writeText:
      opts.api === 'missing'
        ? undefined
        : async (text) => {
            if (opts.api === 'rejects') throw new Error('NotAllowedError');
            copied.push({ via: 'api', text });
          },
    copyBySelection: (text) => {
      if (opts.selection) copied.push({ via: 'selection', text });
      return opts.selection;
    },
  };
  return { access, copied };
}

describe('copyText', () => {
  test('uses the Clipboard API when the page has it', async () => {
    const { access, copied } = fakeClipboard({ api: 'works', selection: true });
    assert.equal(await copyText('tw_key', access), true);
    assert.deepEqual(copied, [{ via: 'api', text: 'tw_key' }]);
  });

  test('falls back to select-and-copy when the API is missing or refuses', async () => {
    for (const api of ['missing', 'rejects'] as const) {
      const { access, copied } = fakeClipboard({ api, selection: true });
      assert.equal(await copyText('tw_key', access), true);
      assert.deepEqual(copied, [{ via: 'selection', text: 'tw_key' }]);
    }
  });

  test('reports failure when neither route copies', async () => {
    const { access, copied } = fakeClipboard({ api: 'rejects', selection: false });
    assert.equal(await copyText('tw_key', access), false);
    assert.deepEqual(copied, []);
  });
});
