import type { InfiniteData } from '@tanstack/react-query';
import type { Eval, FeedbackRequest, FeedbackResponse } from '@tokenwise/contracts';
import type { OffsetPage } from '../../lib/offset-pages.ts';
import type { EvalFilter } from './api/get-evals.ts';

/** Whether an answer with this vote belongs to the list the filter shows (as the server filters). */
function shownBy(filter: EvalFilter, feedback: Eval['feedback']): boolean {
  return filter === 'all' || feedback === filter;
}

/**
 * What a thumbs click sends. The screen has no comment box, and the server takes an omitted comment
 * as "no comment": the comment already on the answer (an application's "Wrong answer") goes along,
 * so changing the vote does not erase it.
 */
export function voteFor(item: Eval, feedback: Eval['feedback'] & string): FeedbackRequest {
  return { request_id: item.id, feedback, ...(item.comment ? { comment: item.comment } : {}) };
}

/**
 * A saved vote shown in place in one cached list: the answer keeps its spot (even when it no longer
 * matches the filter) with the vote and comment the server saved. One that leaves the filtered list
 * on the server, or comes back to it, is counted on the newest page, so 'Load more' starts where the
 * server's list now continues instead of skipping the row that moved up into its place.
 */
export function recordVote(
  list: InfiniteData<OffsetPage<Eval>>,
  filter: EvalFilter,
  saved: FeedbackResponse,
): InfiniteData<OffsetPage<Eval>> {
  let left = 0;
  let counted = false;
  const pages = list.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => {
      if (item.id !== saved.request_id) return item;
      // A row that a later page repeated (rows came meanwhile) is one row on the server.
      if (!counted)
        left += Number(shownBy(filter, item.feedback)) - Number(shownBy(filter, saved.feedback));
      counted = true;
      return { ...item, feedback: saved.feedback, comment: saved.comment };
    }),
  }));
  const newest = pages.at(-1);
  if (newest && left !== 0)
    pages[pages.length - 1] = { ...newest, gone: (newest.gone ?? 0) + left };
  return { ...list, pages };
}
