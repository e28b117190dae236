import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropRestatedAddressees } from './drop-restated-addressees.ts';

const EMAIL =
  'From: Ann Lee <ann@example.com>\nTo: Bo Chan\nSubject: invoice\n\nDear Bo Chan,\n\nPlease check the invoice.\n\nAnn Lee\nAccounts Payable';

describe('dropRestatedAddressees', () => {
  it('drops a greeting and a signature the headers already name', () => {
    assert.equal(
      dropRestatedAddressees(EMAIL),
      'From: Ann Lee <ann@example.com>\nTo: Bo Chan\nSubject: invoice\n\nPlease check the invoice.\n\nAccounts Payable',
    );
  });

  it('drops a greeting by the first name of the To: header (decision 097)', () => {
    assert.equal(
      dropRestatedAddressees('From: Ann Lee\nTo: Bo Chan <bo@example.com>\n\nHi Bo,\n\nSee below.'),
      'From: Ann Lee\nTo: Bo Chan <bo@example.com>\n\nSee below.',
    );
  });

  it('keeps a greeting whose name no header gives', () => {
    for (const text of [
      'Dear Bo Chan,\n\nPlease check the invoice.\n\nAnn Lee',
      'From: Ann Lee <ann@example.com>\nTo: Bo Chan\n\nHi Carla,\n\nSee below.',
    ]) {
      const out = dropRestatedAddressees(text);
      assert.match(out, /Dear Bo Chan,|Hi Carla,/);
    }
  });
});
