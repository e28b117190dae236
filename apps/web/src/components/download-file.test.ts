import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileNameFromDisposition, isoDate } from './download-file.ts';

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
