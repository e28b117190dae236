import type { PiiConfig } from '@tokenwise/contracts';

/** Every PII setting the server returns and stores, the three optional detectors included. */
export type FullPiiConfig = Required<PiiConfig>;

export type DetectorField = Exclude<keyof FullPiiConfig, 'enabled'>;

export interface Detector {
  field: DetectorField;
  label: string;
  /** The placeholder it writes, shown so users know what the provider will see. */
  example: string;
}

/** The detectors of the spec screen, on by default. */
export const CORE_DETECTORS: readonly Detector[] = [
  { field: 'redact_emails', label: 'Email addresses', example: '[EMAIL_REDACTED_1]' },
  { field: 'redact_phones', label: 'Phone numbers', example: '[PHONE_REDACTED_1]' },
  { field: 'redact_ssn', label: 'Social Security numbers', example: '[SSN_REDACTED_1]' },
];

/** Detectors the server added beyond the spec; cards and IPs off by default, secrets on. */
export const ADDITIONAL_DETECTORS: readonly Detector[] = [
  {
    field: 'redact_credit_cards',
    label: 'Credit card numbers',
    example: '[CREDIT_CARD_REDACTED_1]',
  },
  { field: 'redact_ip_addresses', label: 'IP addresses', example: '[IP_ADDRESS_REDACTED_1]' },
  { field: 'redact_secrets', label: 'Secrets and access tokens', example: '[SECRET_REDACTED_1]' },
];

/**
 * The contract leaves the three additional flags optional (older servers omit them); a form needs
 * every switch to have a value, and an omitted detector is an inactive one.
 */
export function completePiiConfig(config: PiiConfig): FullPiiConfig {
  return {
    ...config,
    redact_credit_cards: config.redact_credit_cards ?? false,
    redact_ip_addresses: config.redact_ip_addresses ?? false,
    redact_secrets: config.redact_secrets ?? false,
  };
}

export function samePiiConfig(a: FullPiiConfig, b: FullPiiConfig): boolean {
  return (Object.keys(a) as (keyof FullPiiConfig)[]).every((field) => a[field] === b[field]);
}
