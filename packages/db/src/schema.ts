import type { AccountsTable, MembershipsTable } from './tables/accounts.table.ts';
import type {
  AlertHistoryTable,
  AlertLeasesTable,
  AlertsTable,
  BusMessagesTable,
} from './tables/alerts.table.ts';
import type { AnalyticsRollupTable, EvalFeedbackTable } from './tables/analytics.table.ts';
import type {
  BillingEventsTable,
  SubscriptionsTable,
  UsagePeriodsTable,
} from './tables/billing.table.ts';
import type { CacheEntriesTable } from './tables/cache.table.ts';
import type {
  AccountSettingsTable,
  ApiKeysTable,
  ProviderKeysTable,
  RequestLogsTable,
} from './tables/gateway.table.ts';
import type {
  SamlConfigsTable,
  SamlLoginCodesTable,
  SamlLoginsTable,
  SamlLogoutRequestsTable,
  SamlRequestsTable,
} from './tables/saml.table.ts';
import type { PasswordResetsTable, SessionsTable, UsersTable } from './tables/users.table.ts';

/**
 * Every table, as Kysely sees it. Conventions shared by both dialects:
 * ids are text (UUIDs or random tokens), times are epoch milliseconds (bigint),
 * booleans are integers 0/1, money is a double in US dollars.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  accounts: AccountsTable;
  memberships: MembershipsTable;
  subscriptions: SubscriptionsTable;
  usage_periods: UsagePeriodsTable;
  billing_events: BillingEventsTable;
  api_keys: ApiKeysTable;
  provider_keys: ProviderKeysTable;
  account_settings: AccountSettingsTable;
  request_logs: RequestLogsTable;
  cache_entries: CacheEntriesTable;
  analytics_hourly: AnalyticsRollupTable;
  analytics_daily: AnalyticsRollupTable;
  eval_feedback: EvalFeedbackTable;
  alerts: AlertsTable;
  alert_history: AlertHistoryTable;
  alert_leases: AlertLeasesTable;
  bus_messages: BusMessagesTable;
  saml_configs: SamlConfigsTable;
  saml_requests: SamlRequestsTable;
  saml_logins: SamlLoginsTable;
  saml_login_codes: SamlLoginCodesTable;
  saml_logout_requests: SamlLogoutRequestsTable;
}
