/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatTotal } from './format.ts';
import {
  listTotal,
  loadedItems,
  nextPageOffset,
  type OffsetPage,
  toOffsetPage,
} from './offset-pages.ts';

const answer = (body: string[], total?: string) => ({
  body,
  headers: new Headers(total === undefined ? {} : { 'X-Total-Count': total }),
});

describe('offset pages', () => {
  test('the total comes from the header, read case-insensitively', () => {
    assert.deepEqual(toOffsetPage(answer(['a', 'b'], '120'), 50, 'x-total-count'), {
      items: ['a', 'b'],
      offset: 50,
      total: 120,
    });
  });

  test('a total the server stopped counting at reads as a floor ("1,000+")', () => {
    const capped = {
      body: ['a'],
      headers: new Headers({ 'X-Total-Count': '1000', 'X-Total-Count-Capped': 'true' }),
    };
    const page = toOffsetPage(capped, 0, 'x-total-count');
    assert.deepEqual(page, { items: ['a'], offset: 0, total: 1000, capped: true });
    assert.equal(formatTotal(page.total, page.capped), '1,000+');
    assert.equal(formatTotal(1000), '1,000');
  });

  test('a missing or unreadable total counts the list as ending with this page', () => {
    assert.equal(toOffsetPage(answer(['a', 'b']), 50, 'x-total-count').total, 52);
    assert.equal(toOffsetPage(answer(['a'], 'lots'), 0, 'x-total-count').total, 1);
    assert.equal(toOffsetPage(answer(['a'], '-3'), 0, 'x-total-count').total, 1);
  });

  test('the next page starts after the rows that came, until the total is reached', () => {
    const page = (offset: number, count: number, total: number): OffsetPage<number> => ({
      items: Array.from({ length: count }, (_, i) => offset + i),
      offset,
      total,
    });
    assert.equal(nextPageOffset(page(0, 50, 120)), 50);
    assert.equal(nextPageOffset(page(100, 20, 120)), undefined);
    // Rows deleted meanwhile can leave a short or empty page before the old total: stop there.
    assert.equal(nextPageOffset(page(100, 0, 120)), undefined);
  });

  test('loaded rows are the pages in order; the total is the newest page’s', () => {
    const data = {
      pages: [
        { items: [1, 2], offset: 0, total: 5 },
        { items: [3, 4], offset: 2, total: 4 },
      ],
      pageParams: [0, 2],
    };
    assert.deepEqual(loadedItems(data), [1, 2, 3, 4]);
    assert.equal(listTotal(data), 4);
    assert.deepEqual(loadedItems(undefined), []);
    assert.equal(listTotal(undefined), 0);
  });

  test('a row pushed onto the next page by rows that came meanwhile is shown once', () => {
    // /evals, newest first: page 1 held e5..e4, then e6 arrived, so page 2 at offset 2 repeats e4.
    const row = (id: string) => ({ id });
    const data = {
      pages: [
        { items: [row('e5'), row('e4')], offset: 0, total: 5 },
        { items: [row('e4'), row('e3')], offset: 2, total: 6 },
      ],
      pageParams: [0, 2],
    };
    assert.deepEqual(
      loadedItems(data, (r) => r.id).map((r) => r.id),
      ['e5', 'e4', 'e3'],
    );
  });
});
