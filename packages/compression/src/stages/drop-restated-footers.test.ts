import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropRestatedFooters } from './drop-restated-footers.ts';

describe('dropRestatedFooters', () => {
  it('drops a footer whose words and year the text says elsewhere', () => {
    assert.equal(
      dropRestatedFooters('Acme Ltd | 2025\nRefunds take 14 days.\n© 2025 Acme Ltd.'),
      'Refunds take 14 days.\n© 2025 Acme Ltd.',
    );
  });

  it('keeps a footer that alone gives its year or name', () => {
    for (const text of ['Refunds take 14 days.\n© 2025 Acme Ltd.', 'Acme\n© 2023 Acme Ltd.'])
      assert.equal(dropRestatedFooters(text), text);
  });
});
