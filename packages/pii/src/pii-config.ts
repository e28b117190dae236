import type { PiiKind } from './pii-kinds.ts';

/** The account's redaction settings, as stored and served by `/v1/pii-redaction/config`. */
export interface PiiConfig {
  enabled: boolean;
  redact_emails: boolean;
  redact_phones: boolean;
  redact_ssn: boolean;
  redact_credit_cards: boolean;
  redact_ip_addresses: boolean;
  redact_secrets: boolean;
}

/**
 * The spec's three toggles and secrets are on (a leaked key is worse than a false positive, see
 * docs/decisions/009); cards and IP addresses, noisier in technical traffic, start off.
 */
export const DEFAULT_PII_CONFIG: Readonly<PiiConfig> = Object.freeze({
  enabled: true,
  redact_emails: true,
  redact_phones: true,
  redact_ssn: true,
  redact_credit_cards: false,
  redact_ip_addresses: false,
  redact_secrets: true,
});

/** Every kind on: for tests, evaluations and benchmarks that exercise all detectors. */
export const ALL_KINDS_PII_CONFIG: Readonly<PiiConfig> = Object.freeze({
  ...DEFAULT_PII_CONFIG,
  redact_credit_cards: true,
  redact_ip_addresses: true,
  redact_secrets: true,
});

const TOGGLE_BY_KIND: Record<PiiKind, keyof PiiConfig> = {
  email: 'redact_emails',
  phone: 'redact_phones',
  ssn: 'redact_ssn',
  credit_card: 'redact_credit_cards',
  ip_address: 'redact_ip_addresses',
  secret: 'redact_secrets',
};

/** Whether `kind` is redacted under `config` (the master toggle gates every kind). */
export function isKindEnabled(config: PiiConfig, kind: PiiKind): boolean {
  return config.enabled === true && config[TOGGLE_BY_KIND[kind]] === true;
}
