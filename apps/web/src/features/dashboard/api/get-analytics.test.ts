/// <reference types="node" />
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { saveSession } from '../../../lib/session.ts';
import { sessionUser } from '../../../lib/testing/fixtures.ts';
import { installMemoryStorage } from '../../../lib/testing/memory-storage.ts';
import { NO_FILTERS } from '../analytics-filters.ts';
import { analyticsQueryOptions } from './get-analytics.ts';

/** Every fetch answers 200 with `body` as it is (a proxy's page, a half-deployed server). */
function answerOkWith(body: string): void {
  globalThis.fetch = async () =>
    new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Where the dashboard's query settles: the first result that is no longer pending. */
async function settle() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new InfiniteQueryObserver(client, analyticsQueryOptions('30d', NO_FILTERS));
  try {
    return await new Promise<ReturnType<typeof observer.getCurrentResult>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still pending after 2 s')), 2000);
      observer.subscribe((result) => {
        if (result.status === 'pending') return;
        clearTimeout(timer);
        resolve(result);
      });
    });
  } finally {
    client.clear();
  }
}

describe('the dashboard query given a 200 that is not an analytics answer', () => {
  beforeEach(() => {
    installMemoryStorage();
    saveSession('token-123', sessionUser());
  });

  for (const [what, body] of [
    ['an empty object', '{}'],
    ['stats without pagination', '{"stats":{},"recent_requests":[]}'],
    ['an HTML page', '<!doctype html><title>Gateway</title>'],
    ['a list', '[]'],
  ]) {
    test(`${what} ends in the error state, not in 'Loading analytics...' for good`, async () => {
      answerOkWith(body as string);
      const result = await settle();
      assert.equal(result.status, 'error');
      assert.equal(result.data, undefined, 'no half answer reaches the stat cards');
    });
  }
});
