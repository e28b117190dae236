import { EvalsQuery, FeedbackRequest } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller, WRITE_ROLES } from '../../plugins/auth.ts';
import * as evals from './evals.service.ts';
import type { DemoteCacheEntry } from './negative-feedback.ts';

export interface EvalRoutesOptions {
  deps: AppDeps;
  /** Supplied by the semantic cache; without it a thumbs-down only records the vote. */
  demoteCacheEntry?: DemoteCacheEntry;
}

/** Thumbs feedback on answers: everyone may read, read-only members may not vote. */
export const evalRoutes: FastifyPluginAsync<EvalRoutesOptions> = async (app, opts) => {
  const { deps } = opts;
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const voters = access(deps, { roles: WRITE_ROLES, subscription: true });

  app.get('/v1/evals', { preHandler: viewers }, async (req) =>
    evals.listEvals(deps, caller(req), parseInput(EvalsQuery, req.query)),
  );

  app.get('/v1/evals/stats', { preHandler: viewers }, async (req) =>
    evals.evalStats(deps, caller(req)),
  );

  app.post('/v1/evals/feedback', { preHandler: voters }, async (req) => {
    const body = parseInput(FeedbackRequest, req.body);
    return evals.submitFeedback(deps, caller(req), body, opts.demoteCacheEntry);
  });
};
