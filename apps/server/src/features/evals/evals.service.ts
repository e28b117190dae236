import type {
  Eval,
  EvalStats,
  EvalsQuery,
  FeedbackRequest,
  FeedbackResponse,
} from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import * as repo from './evals.repository.ts';
import { type DemoteCacheEntry, onNegativeFeedback } from './negative-feedback.ts';

/** The list counts this many rows past the page's start; beyond it the total is a floor. */
export const EVALS_COUNT_CAP = 1_000;

/**
 * One page of answers to review, and how many there are: exact up to `EVALS_COUNT_CAP` rows past
 * the page's start, else that many with `capped` set (the screen shows "1,000+").
 */
export async function listEvals(
  deps: AppDeps,
  auth: AuthContext,
  q: EvalsQuery,
): Promise<{ evals: Eval[]; total: number; capped: boolean }> {
  const limitOfCount = q.offset + EVALS_COUNT_CAP;
  const { rows, counted } = await repo.pageEvals(
    deps.db.kysely,
    auth.account.id,
    q.filter,
    q,
    EVALS_COUNT_CAP,
  );
  const evals = rows.map((r) => ({
    id: r.id,
    created_at: new Date(r.created_at).toISOString(),
    model: r.model,
    tokens_used: r.tokens_in + r.tokens_out,
    prompt: r.original_text ?? '',
    response: r.response_text ?? '',
    feedback: r.feedback,
    comment: r.comment,
    cache_hit: r.cache_hit === 1,
  }));
  return { evals, total: Math.min(counted, limitOfCount), capped: counted > limitOfCount };
}

/** total_evals counts rated requests; satisfaction is the thumbs-up share of them, in percent. */
export async function evalStats(deps: AppDeps, auth: AuthContext): Promise<EvalStats> {
  const votes = await repo.countVotes(deps.db.kysely, auth.account.id);
  const total = votes.positive + votes.negative;
  return {
    total_evals: total,
    thumbs_up: votes.positive,
    thumbs_down: votes.negative,
    satisfaction_rate: total === 0 ? 0 : Math.round((votes.positive / total) * 1000) / 10,
  };
}

/** Who votes: a dashboard user, or an application with its gateway key (no user). */
export interface Voter {
  accountId: string;
  userId: string | null;
}

export async function submitFeedback(
  deps: AppDeps,
  voter: Voter,
  body: FeedbackRequest,
  demoteCacheEntry: DemoteCacheEntry | undefined,
): Promise<FeedbackResponse> {
  const accountId = voter.accountId;
  const request = await repo.findVotedRequest(deps.db.kysely, accountId, body.request_id);
  if (!request) throw notFound('Request not found');
  if (request.status !== 'success') throw badRequest('Only successful requests can be rated');
  if (request.endpoint === repo.UNRATED_ENDPOINT) {
    throw badRequest('Only answers can be rated: an embeddings call has none');
  }
  const now = deps.clock();
  const comment = body.comment || null;
  await repo.upsertVote(deps.db.kysely, {
    request_id: request.id,
    account_id: accountId,
    feedback: body.feedback,
    comment,
    voted_by: voter.userId,
    created_at: now,
    updated_at: now,
  });
  let demoted = false;
  if (body.feedback === 'negative') {
    try {
      demoted = await onNegativeFeedback(accountId, request, demoteCacheEntry);
    } catch (err) {
      // The vote is saved either way; a cache that cannot demote now must not undo it.
      deps.log.warn({ err, requestId: request.id }, 'cache entry demotion failed');
    }
  }
  return {
    request_id: request.id,
    feedback: body.feedback,
    comment,
    cache_entry_demoted: demoted,
  };
}
