import { z } from 'zod';

/**
 * The first-run checklist on the dashboard, read from what the account really has: each step is
 * done once the thing exists, so it ticks itself off whichever screen (or API call) did it.
 */
export const GettingStarted = z.object({
  /** The account has at least one gateway (Tokenwise) API key. */
  gateway_key: z.boolean(),
  /** The account stored a provider key, or the server has a fallback key for some provider. */
  provider_key: z.boolean(),
  /** The server has a fallback provider key, so storing one is optional. */
  provider_key_from_server: z.boolean(),
  /** At least one request from this account went through the gateway (answered or not). */
  first_request: z.boolean(),
  /** Every step above is done. */
  done: z.boolean(),
});
export type GettingStarted = z.infer<typeof GettingStarted>;
