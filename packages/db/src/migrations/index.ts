import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation.ts';
import * as gateway from './2026-11-21-0002-gateway.ts';
import * as gatewaySettings from './2026-11-21-0003-gateway-settings.ts';
import * as analytics from './2026-11-21-0004-analytics.ts';
import * as semanticCache from './2026-11-21-0005-semantic-cache.ts';
import * as cacheEmbedder from './2026-11-21-0006-cache-embedder.ts';
import * as secretRedactionDefault from './2026-11-21-0007-secret-redaction-default.ts';
import * as teams from './2026-11-26-0008-teams.ts';
import * as alerts from './2026-11-26-0009-alerts.ts';
import * as saml from './2026-11-26-0010-saml.ts';
import * as billingEvents from './2026-11-26-0011-billing-events.ts';
import * as requestLogsPartitions from './2026-11-26-0012-request-logs-partitions.ts';
import * as difficultySample from './2026-11-27-0013-difficulty-sample.ts';
import * as samlBrowserAndSsoOnlyUsers from './2026-11-27-0014-saml-browser-and-sso-only-users.ts';
import * as alertHistoryOutlivesItsAlert from './2026-11-27-0015-alert-history-outlives-its-alert.ts';
import * as subscriptionCancelAt from './2026-11-27-0017-subscription-cancel-at.ts';
import * as busMessages from './2026-11-27-0018-bus-messages.ts';
import * as alertLastCrossedAt from './2026-11-27-0023-alert-last-crossed-at.ts';
import * as samlLogoutRequests from './2026-11-27-0024-saml-logout-requests.ts';

/** Every migration, keyed by its timestamped name; Kysely applies them in name order. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
  '2026-11-21-0002-gateway': gateway,
  '2026-11-21-0003-gateway-settings': gatewaySettings,
  '2026-11-21-0004-analytics': analytics,
  '2026-11-21-0005-semantic-cache': semanticCache,
  '2026-11-21-0006-cache-embedder': cacheEmbedder,
  '2026-11-21-0007-secret-redaction-default': secretRedactionDefault,
  '2026-11-26-0008-teams': teams,
  '2026-11-26-0009-alerts': alerts,
  '2026-11-26-0011-billing-events': billingEvents,
  '2026-11-26-0010-saml': saml,
  '2026-11-26-0012-request-logs-partitions': requestLogsPartitions,
  '2026-11-27-0013-difficulty-sample': difficultySample,
  '2026-11-27-0014-saml-browser-and-sso-only-users': samlBrowserAndSsoOnlyUsers,
  '2026-11-27-0015-alert-history-outlives-its-alert': alertHistoryOutlivesItsAlert,
  '2026-11-27-0017-subscription-cancel-at': subscriptionCancelAt,
  '2026-11-27-0018-bus-messages': busMessages,
  '2026-11-27-0023-alert-last-crossed-at': alertLastCrossedAt,
  '2026-11-27-0024-saml-logout-requests': samlLogoutRequests,
};
