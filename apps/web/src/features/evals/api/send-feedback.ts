import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Eval,
  endpoints,
  type FeedbackRequest,
  type FeedbackResponse,
} from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { OffsetPage } from '../../../lib/offset-pages.ts';
import { evalStatsQueryOptions } from './get-eval-stats.ts';
import { evalListKey } from './get-evals.ts';

/** Votes on one request; a new vote replaces the earlier one. */
export function sendFeedback(body: FeedbackRequest): Promise<FeedbackResponse> {
  return callEndpoint(endpoints.evals.feedback, { body });
}

/**
 * Records a vote, then shows it in place: the item keeps its spot in the list on screen (even when
 * it no longer matches the filter), the stats reload, and the other filtered lists reload when
 * next opened.
 */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: (_answer, { request_id, feedback }) => {
      const vote = (item: Eval) => (item.id === request_id ? { ...item, feedback } : item);
      queryClient.setQueriesData<InfiniteData<OffsetPage<Eval>>>(
        { queryKey: evalListKey },
        (list) =>
          list && {
            ...list,
            pages: list.pages.map((page) => ({ ...page, items: page.items.map(vote) })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: evalListKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: evalStatsQueryOptions.queryKey });
    },
  });
}
