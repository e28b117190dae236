/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Eval, FeedbackRequest, FeedbackResponse } from '@tokenwise/contracts';
import { loadedItems, nextPageOffset, type OffsetPage } from '../../../lib/offset-pages.ts';
import { voteFor } from '../record-vote.ts';
import type { EvalFilter } from './get-evals.ts';
import { showSavedVote } from './send-feedback.ts';

const PAGE = 50;

/** The server's side: answers with their votes, listed newest first and paged by offset. */
function fakeServer(evals: Eval[]) {
  const list = (filter: EvalFilter) =>
    evals.filter((e) => filter === 'all' || e.feedback === filter);
  return {
    page(filter: EvalFilter, offset: number): OffsetPage<Eval> {
      const rows = list(filter);
      return {
        items: rows.slice(offset, offset + PAGE).map((e) => ({ ...e })),
        offset,
        total: rows.length,
      };
    },
    /** POST /v1/evals/feedback: an omitted comment clears the earlier one. */
    vote(body: FeedbackRequest): FeedbackResponse {
      const row = evals.find((e) => e.id === body.request_id);
      if (!row) throw new Error('Request not found');
      row.feedback = body.feedback;
      row.comment = body.comment || null;
      return {
        request_id: row.id,
        feedback: body.feedback,
        comment: row.comment,
        cache_entry_demoted: false,
      };
    },
  };
}

function answers(count: number, feedback: Eval['feedback']): Eval[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `e${count - i}`,
    created_at: new Date(Date.UTC(2026, 10, 20) - i * 1000).toISOString(),
    model: 'gpt-4o-mini',
    tokens_used: 15,
    prompt: `question ${count - i}`,
    response: 'an answer',
    feedback,
    comment: null,
  }));
}

/** The screen's list for `filter`: what it loaded, and 'Load more' until nothing is left. */
function screenList(
  queryClient: QueryClient,
  server: ReturnType<typeof fakeServer>,
  filter: EvalFilter,
) {
  const key = ['evals', 'list', filter];
  const data = () => queryClient.getQueryData<InfiniteData<OffsetPage<Eval>, number>>(key);
  queryClient.setQueryData(key, { pages: [server.page(filter, 0)], pageParams: [0] });
  return {
    rows: () => loadedItems(data(), (e) => e.id),
    loadAll() {
      for (;;) {
        const list = data();
        const last = list?.pages.at(-1);
        const next = last && nextPageOffset(last);
        if (!list || next === undefined) return;
        queryClient.setQueryData(key, {
          pages: [...list.pages, server.page(filter, next)],
          pageParams: [...list.pageParams, next],
        });
      }
    },
  };
}

describe('a thumbs vote on /evals', () => {
  test('taking an answer out of the Negative list does not make Load more skip the next one', () => {
    const server = fakeServer(answers(60, 'negative'));
    const queryClient = new QueryClient();
    const negative = screenList(queryClient, server, 'negative');
    const changed = negative.rows()[3] as Eval;

    showSavedVote(queryClient, server.vote(voteFor(changed, 'positive')));
    negative.loadAll();

    const shown = negative.rows();
    // The changed answer keeps its place on screen, and all 59 others are there once.
    assert.equal(shown.find((e) => e.id === changed.id)?.feedback, 'positive');
    assert.deepEqual(
      shown.map((e) => e.id).sort(),
      answers(60, 'negative')
        .map((e) => e.id)
        .sort(),
    );
  });

  test('an answer voted back into the list is not loaded a second time further down', () => {
    const server = fakeServer(answers(60, 'negative'));
    const queryClient = new QueryClient();
    const negative = screenList(queryClient, server, 'negative');
    const changed = negative.rows()[10] as Eval;
    showSavedVote(queryClient, server.vote(voteFor(changed, 'positive')));
    const back = negative.rows()[10] as Eval;
    showSavedVote(queryClient, server.vote(voteFor(back, 'negative')));
    negative.loadAll();
    assert.equal(negative.rows().length, 60);
  });

  test('changing the vote keeps the comment the application left, on the server and on screen', () => {
    const evals = answers(3, 'negative');
    (evals[1] as Eval).comment = 'Wrong answer: the refund window is 30 days';
    const server = fakeServer(evals);
    const queryClient = new QueryClient();
    const all = screenList(queryClient, server, 'all');
    const commented = all.rows()[1] as Eval;

    const saved = server.vote(voteFor(commented, 'positive'));
    showSavedVote(queryClient, saved);

    assert.equal(saved.comment, 'Wrong answer: the refund window is 30 days');
    assert.equal(all.rows()[1]?.comment, 'Wrong answer: the refund window is 30 days');
    assert.equal(all.rows()[1]?.feedback, 'positive');
  });
});
