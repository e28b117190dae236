import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import { getAuthToken, saveSession } from '../lib/session.ts';
import { sessionUser } from '../lib/testing/fixtures.ts';
import { installMemoryStorage } from '../lib/testing/memory-storage.ts';
import { downloadFile, fileNameFromDisposition, isoDate } from './download-file.ts';

test('the server-given file name is read from the quoted, bare and RFC 5987 forms', () => {
  assert.equal(
    fileNameFromDisposition('attachment; filename="tokenwise-analytics-2025-03-05.csv"'),
    'tokenwise-analytics-2025-03-05.csv',
  );
  assert.equal(fileNameFromDisposition('attachment; filename=report.json'), 'report.json');
  assert.equal(
    fileNameFromDisposition(
      `attachment; filename="plain.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`,
    ),
    'résumé.csv',
  );
});

test('an answer without a usable name leaves the choice to the caller', () => {
  assert.equal(fileNameFromDisposition(null), null);
  assert.equal(fileNameFromDisposition('attachment'), null);
  assert.equal(fileNameFromDisposition('attachment; filename=""'), null);
});

test('export names end with the calendar date in ISO form', () => {
  assert.equal(isoDate(new Date('2025-03-05T23:59:00Z')), '2025-03-05');
});

describe('an export asked with a session the server no longer knows', () => {
  beforeEach(() => {
    installMemoryStorage();
    saveSession('expired-token', sessionUser());
  });

  test('goes to sign-in and forgets the session, as every other call does (spec section 4)', async () => {
    let redirects = 0;
    setUnauthorizedHandler(() => {
      redirects += 1;
    });
    globalThis.fetch = async () =>
      new Response(JSON.stringify({ error: 'unauthorized', message: 'Not authenticated' }), {
        status: 401,
      });
    await assert.rejects(downloadFile('/v1/analytics/export/csv', 'x.csv'), ApiError);
    assert.equal(redirects, 1);
    assert.equal(getAuthToken(), null);
  });

  test('other failures stay on the screen with the session kept', async () => {
    let redirects = 0;
    setUnauthorizedHandler(() => {
      redirects += 1;
    });
    globalThis.fetch = async () => new Response('', { status: 500 });
    await assert.rejects(downloadFile('/v1/analytics/export/csv', 'x.csv'), ApiError);
    assert.equal(redirects, 0);
    assert.equal(getAuthToken(), 'expired-token');
  });
});
