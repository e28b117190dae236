import { endpoints, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@tokenwise/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { API_KEY_PREFIX } from '../../domain/api-keys/api-key-prefix.ts';
import { subscriptionRefusal } from '../../domain/billing/subscription.repository.ts';
import { paymentRequired } from '../../errors/app-error.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, bearerToken, caller, WRITE_ROLES } from '../../plugins/auth.ts';
import * as evals from './evals.service.ts';
import type { DemoteCacheEntry } from './negative-feedback.ts';

const api = endpoints.evals;

export interface EvalRoutesOptions {
  deps: AppDeps;
  /** Supplied by the semantic cache; without it a thumbs-down only records the vote. */
  demoteCacheEntry?: DemoteCacheEntry;
  /** Finds the account of a gateway API key, so applications can send feedback themselves. */
  resolveApiKey?: (key: string) => Promise<{ id: string; accountId: string } | undefined>;
}

/** Thumbs feedback on answers: everyone may read, read-only members may not vote. */
export const evalRoutes: FastifyPluginAsync<EvalRoutesOptions> = async (app, opts) => {
  const { deps } = opts;
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const voters = access(deps, { roles: WRITE_ROLES, subscription: true });

  serve(app, api.list, { preHandler: viewers }, async (req, reply, input) => {
    const page = await evals.listEvals(deps, caller(req), input.query());
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    if (page.capped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
    return page.evals;
  });

  serve(app, api.stats, { preHandler: viewers }, async (req) => evals.evalStats(deps, caller(req)));

  // An application votes with the gateway key it sends its requests with (as with Helicone's and
  // Portkey's feedback APIs); people vote from the dashboard with their session, read-only excluded.
  const keyHolder = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token?.startsWith(API_KEY_PREFIX) || !opts.resolveApiKey) return undefined;
    return opts.resolveApiKey(token);
  };

  serve(app, api.feedback, {}, async (req, reply, input) => {
    const key = await keyHolder(req);
    let voter: evals.Voter;
    if (key) {
      const refusal = await subscriptionRefusal(deps.db.kysely, key.accountId, deps.clock());
      if (refusal) throw paymentRequired(refusal);
      voter = { accountId: key.accountId, userId: null };
    } else {
      await voters.call(app, req, reply);
      const auth = caller(req);
      voter = { accountId: auth.account.id, userId: auth.user.id };
    }
    return evals.submitFeedback(deps, voter, input.body(), opts.demoteCacheEntry);
  });
};
