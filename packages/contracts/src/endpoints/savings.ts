import { configEndpoints, fileEndpoint, jsonEndpoint } from '../endpoint.ts';
import { BaselineConfig } from '../keys.ts';
import { Savings, SavingsQuery } from '../savings.ts';

export const savingsEndpoints = {
  get: jsonEndpoint({ method: 'GET', path: '/v1/savings', query: SavingsQuery, response: Savings }),
  exportCsv: fileEndpoint({
    method: 'GET',
    path: '/v1/savings/export/csv',
    query: SavingsQuery,
    file: 'csv',
  }),
};

/** The share of requests sent unoptimized to measure savings against. */
export const baselineEndpoints = configEndpoints('/v1/baseline/config', BaselineConfig);
