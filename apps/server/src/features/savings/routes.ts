import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve, serveFile } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import { getSavings, savingsCsv } from './savings.service.ts';

const api = endpoints.savings;

/** GET /v1/savings and its CSV report; the A/B sample rate itself lives in features/baseline. */
export const savingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });

  serve(app, api.get, { preHandler: viewers }, async (req, _reply, input) => {
    const { range } = input.query();
    return getSavings(deps, caller(req), range);
  });

  serveFile(app, api.exportCsv, { preHandler: viewers }, async (req, reply, input) => {
    const { range } = input.query();
    // A report is at most 91 lines, so unlike the request export it is built in memory.
    const file = await savingsCsv(deps, caller(req), range);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
