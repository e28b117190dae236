import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropMetaLabels } from './drop-meta-labels.ts';

describe('dropMetaLabels', () => {
  it('drops a line that only announces what follows', () => {
    assert.equal(
      dropMetaLabels('Will it fit?\n\nHere are the search results I found:\n\n[1] Desk page'),
      'Will it fit?\n\n[1] Desk page',
    );
    assert.equal(dropMetaLabels('Here is the text:\nHello'), 'Hello');
  });

  it('keeps a label that names what follows, and a sentence', () => {
    for (const text of ['Context:\nA', 'The data:\n{}', 'Here is the text: it is short.'])
      assert.equal(dropMetaLabels(text), text);
  });
});
