import { SavingsQuery } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import { getSavings, savingsCsv } from './savings.service.ts';

/** GET /v1/savings and its CSV report; the A/B sample rate itself lives in features/baseline. */
export const savingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });

  app.get('/v1/savings', { preHandler: viewers }, async (req) => {
    const { range } = parseInput(SavingsQuery, req.query);
    return getSavings(deps, caller(req), range);
  });

  app.get('/v1/savings/export/csv', { preHandler: viewers }, async (req, reply) => {
    const { range } = parseInput(SavingsQuery, req.query);
    // A report is at most 91 lines, so unlike the request export it is built in memory.
    const file = await savingsCsv(deps, caller(req), range);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
