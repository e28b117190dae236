import { PROVIDER_IDS } from '@tokenwise/pricing/providers';
import { z } from 'zod';
import { oneLine, VISIBLE } from './one-line.ts';

/** The gateway's providers (the one list, owned by @tokenwise/pricing), in the dashboard's order. */
export const PROVIDERS = PROVIDER_IDS;
export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

/** Gateway API key as the /api-keys screen lists it (the full key, for reveal and copy). */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  created: z.string(),
  last_used: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** Keys one account may hold: the list answers every one of them, decrypted, on each visit. */
export const API_KEYS_PER_ACCOUNT = 200;
/** Only the newest key of each provider is used; the rest are for a rotation. */
export const PROVIDER_KEYS_PER_ACCOUNT = 50;

export const CreateApiKeyRequest = z.object({
  name: oneLine('Key name', 100).refine((v) => VISIBLE.test(v), 'Key name is required'),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

export const ProviderKey = z.object({
  id: z.string(),
  provider: Provider,
  label: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ProviderKey = z.infer<typeof ProviderKey>;

/**
 * A vendor's secret as it goes into an HTTP header: visible ASCII only. A space, tab, line break
 * or NUL pasted inside it would be stored and then fail every upstream call; surrounding
 * whitespace (a copied trailing newline) is trimmed.
 */
export const ProviderApiKey = z
  .string()
  .trim()
  .min(1, 'API key is required')
  .max(500, 'API key is too long')
  .regex(
    /^[\x21-\x7e]*$/,
    'API key may only contain printable characters, with no spaces or line breaks',
  );

export const CreateProviderKeyRequest = z.object({
  provider: Provider,
  api_key: ProviderApiKey,
  label: oneLine('Label', 100)
    .optional()
    .nullable()
    .transform((v) => (v && VISIBLE.test(v) ? v : null)),
});
export type CreateProviderKeyRequest = z.infer<typeof CreateProviderKeyRequest>;

export const BaselineConfig = z.object({
  sample_rate: z.number().int('Sample rate must be a whole number').min(0).max(100),
});
export type BaselineConfig = z.infer<typeof BaselineConfig>;
