import { AnalyticsExportQuery, AnalyticsQuery, AnalyticsRangeQuery } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller } from '../../plugins/auth.ts';
import * as analytics from './analytics.service.ts';
import { exportRequests } from './export.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });

/** The dashboard's reads: every role of the active account may view analytics. */
export const analyticsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });

  app.get('/v1/analytics', { preHandler: viewers }, async (req) =>
    analytics.getAnalytics(deps, caller(req), parseInput(AnalyticsQuery, req.query)),
  );

  app.get('/v1/analytics/requests/:id', { preHandler: viewers }, async (req) => {
    const { id } = parseInput(IdParams, req.params);
    return analytics.getRequestDetail(deps, caller(req), id);
  });

  app.get('/v1/analytics/models', { preHandler: viewers }, async (req) => {
    const { time_range } = parseInput(AnalyticsRangeQuery, req.query);
    return analytics.modelBreakdown(deps, caller(req), time_range);
  });

  app.get('/v1/analytics/providers', { preHandler: viewers }, async (req) => {
    const { time_range } = parseInput(AnalyticsRangeQuery, req.query);
    return analytics.providerBreakdown(deps, caller(req), time_range);
  });

  for (const format of ['csv', 'json'] as const) {
    app.get(`/v1/analytics/export/${format}`, { preHandler: viewers }, async (req, reply) => {
      const query = parseInput(AnalyticsExportQuery, req.query);
      const file = await exportRequests(deps, caller(req), query, format);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  }
};
