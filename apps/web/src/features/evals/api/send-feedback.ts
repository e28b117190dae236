import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type Eval,
  endpoints,
  type FeedbackRequest,
  type FeedbackResponse,
} from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { OffsetPage } from '../../../lib/offset-pages.ts';
import { recordVote } from '../record-vote.ts';
import { evalStatsQueryOptions } from './get-eval-stats.ts';
import { type EvalFilter, evalListKey } from './get-evals.ts';

/** Votes on one request; a new vote replaces the earlier one. */
export function sendFeedback(body: FeedbackRequest): Promise<FeedbackResponse> {
  return callEndpoint(endpoints.evals.feedback, { body });
}

/**
 * A saved vote shown in place: the item keeps its spot in every cached list (even when it no
 * longer matches the filter) with the vote and comment the server saved, the stats reload, and the
 * other filtered lists reload when next opened.
 */
export function showSavedVote(queryClient: QueryClient, saved: FeedbackResponse): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: evalListKey })) {
    const filter = query.queryKey[evalListKey.length] as EvalFilter;
    queryClient.setQueryData<InfiniteData<OffsetPage<Eval>>>(
      query.queryKey,
      (list) => list && recordVote(list, filter, saved),
    );
  }
  void queryClient.invalidateQueries({ queryKey: evalListKey, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: evalStatsQueryOptions.queryKey });
}

/** Records a vote, then shows it in place (`showSavedVote`). */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: (saved) => showSavedVote(queryClient, saved),
  });
}
