import type { Endpoint } from '../endpoint.ts';
import { alertEndpoints } from './alerts.ts';
import { analyticsEndpoints } from './analytics.ts';
import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { evalEndpoints } from './evals.ts';
import { gettingStartedEndpoints } from './getting-started.ts';
import { apiKeyEndpoints, providerKeyEndpoints } from './keys.ts';
import { optimizationEndpoints } from './optimization.ts';
import { routingEndpoints } from './routing.ts';
import { samlEndpoints } from './saml.ts';
import { baselineEndpoints, savingsEndpoints } from './savings.ts';
import { semanticCacheEndpoints } from './semantic-cache.ts';
import { piiEndpoints, settingsEndpoints } from './settings.ts';
import { adminEndpoints, teamEndpoints } from './team.ts';

/**
 * Every dashboard call, by feature: method, path, params, query, body and answer. The server
 * registers its routes from these, the web app and the tests call through them.
 */
export const endpoints = {
  auth: authEndpoints,
  billing: billingEndpoints,
  apiKeys: apiKeyEndpoints,
  providerKeys: providerKeyEndpoints,
  analytics: analyticsEndpoints,
  savings: savingsEndpoints,
  baseline: baselineEndpoints,
  evals: evalEndpoints,
  settings: settingsEndpoints,
  optimization: optimizationEndpoints,
  pii: piiEndpoints,
  saml: samlEndpoints,
  routing: routingEndpoints,
  semanticCache: semanticCacheEndpoints,
  team: teamEndpoints,
  admin: adminEndpoints,
  alerts: alertEndpoints,
  gettingStarted: gettingStartedEndpoints,
};

/** The same endpoints as one list, each with its `feature.name` for messages. */
export const ENDPOINT_LIST: readonly { name: string; endpoint: Endpoint }[] = Object.entries(
  endpoints,
).flatMap(([feature, group]) =>
  Object.entries(group).map(([name, endpoint]: [string, Endpoint]) => ({
    name: `${feature}.${name}`,
    endpoint,
  })),
);
