import { PROVIDER_IDS } from '@tokenwise/pricing/providers';
import { z } from 'zod';

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

export const CreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, 'Key name is required').max(100, 'Key name is too long'),
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
  label: z
    .string()
    .trim()
    .max(100, 'Label is too long')
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export type CreateProviderKeyRequest = z.infer<typeof CreateProviderKeyRequest>;

export const BaselineConfig = z.object({
  sample_rate: z.number().int('Sample rate must be a whole number').min(0).max(100),
});
export type BaselineConfig = z.infer<typeof BaselineConfig>;
