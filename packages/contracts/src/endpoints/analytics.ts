import {
  AnalyticsExportQuery,
  AnalyticsQuery,
  AnalyticsRangeQuery,
  AnalyticsResponse,
  ModelBreakdown,
  ProviderBreakdown,
  RequestDetail,
} from '../analytics.ts';
import { IdParams } from '../common.ts';
import { fileEndpoint, jsonEndpoint } from '../endpoint.ts';

export const analyticsEndpoints = {
  /** Stats, comparison and chart with the first page of recent requests; later pages by cursor. */
  overview: jsonEndpoint({
    method: 'GET',
    path: '/v1/analytics',
    query: AnalyticsQuery,
    response: AnalyticsResponse,
  }),
  /** 404 `Request not found`, also for another account's id. */
  request: jsonEndpoint({
    method: 'GET',
    path: '/v1/analytics/requests/:id',
    params: IdParams,
    response: RequestDetail,
  }),
  models: jsonEndpoint({
    method: 'GET',
    path: '/v1/analytics/models',
    query: AnalyticsRangeQuery,
    response: ModelBreakdown,
  }),
  providers: jsonEndpoint({
    method: 'GET',
    path: '/v1/analytics/providers',
    query: AnalyticsRangeQuery,
    response: ProviderBreakdown,
  }),
  exportCsv: fileEndpoint({
    method: 'GET',
    path: '/v1/analytics/export/csv',
    query: AnalyticsExportQuery,
    file: 'csv',
  }),
  exportJson: fileEndpoint({
    method: 'GET',
    path: '/v1/analytics/export/json',
    query: AnalyticsExportQuery,
    file: 'json',
  }),
};
