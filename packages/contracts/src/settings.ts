import { z } from 'zod';

export const OPTIMIZATION_LEVELS = ['conservative', 'balanced', 'aggressive'] as const;
export const OptimizationLevel = z.enum(OPTIMIZATION_LEVELS);
export type OptimizationLevel = z.infer<typeof OptimizationLevel>;

export const Settings = z.object({ optimization_level: OptimizationLevel });
export type Settings = z.infer<typeof Settings>;

export const PiiConfig = z.object({
  enabled: z.boolean(),
  redact_emails: z.boolean(),
  redact_phones: z.boolean(),
  redact_ssn: z.boolean(),
  redact_credit_cards: z.boolean().optional(),
  redact_ip_addresses: z.boolean().optional(),
  redact_secrets: z.boolean().optional(),
});
export type PiiConfig = z.infer<typeof PiiConfig>;
/** A save: a switch left out keeps its stored value. */
export const PiiConfigUpdate = PiiConfig.partial();
export type PiiConfigUpdate = z.infer<typeof PiiConfigUpdate>;

/**
 * How many IdP signing certificates the one X.509 field may hold (PEM blocks one after another):
 * during a rotation the IdP signs with the current or the next one.
 */
export const MAX_IDP_CERTIFICATES = 4;

export const SamlConfig = z.object({
  enabled: z.boolean(),
  idp_entity_id: z.string().trim().max(1000),
  idp_sso_url: z.union([z.literal(''), z.url().max(2000)]),
  idp_x509_cert: z.string().trim().max(20_000),
});
export type SamlConfig = z.infer<typeof SamlConfig>;
/** A save: a field left out keeps its stored value (`{ enabled: false }` alone turns SSO off). */
export const SamlConfigUpdate = SamlConfig.partial();
export type SamlConfigUpdate = z.infer<typeof SamlConfigUpdate>;
