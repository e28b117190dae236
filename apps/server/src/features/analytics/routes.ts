import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { serve, serveFile } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import * as analytics from './analytics.service.ts';
import { exportRequests } from './export.service.ts';
import { RunningExports } from './running-exports.ts';

const api = endpoints.analytics;

/** The dashboard's reads: every role of the active account may view analytics. */
export const analyticsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });

  serve(app, api.overview, { preHandler: viewers }, async (req, _reply, input) =>
    analytics.getAnalytics(deps, caller(req), input.query()),
  );

  serve(app, api.request, { preHandler: viewers }, async (req, _reply, input) => {
    const { id } = input.params();
    return analytics.getRequestDetail(deps, caller(req), id);
  });

  serve(app, api.models, { preHandler: viewers }, async (req, _reply, input) => {
    const { time_range } = input.query();
    return analytics.modelBreakdown(deps, caller(req), time_range);
  });

  serve(app, api.providers, { preHandler: viewers }, async (req, _reply, input) => {
    const { time_range } = input.query();
    return analytics.providerBreakdown(deps, caller(req), time_range);
  });

  const runningExports = new RunningExports();
  for (const endpoint of [api.exportCsv, api.exportJson]) {
    serveFile(app, endpoint, { preHandler: viewers }, async (req, reply, input) => {
      const query = input.query();
      const auth = caller(req);
      // Freed when the answer is done or its reader hangs up, whichever comes first.
      reply.raw.once('close', runningExports.take(auth.account.id));
      const file = await exportRequests(deps, auth, query, endpoint.file);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  }
};
