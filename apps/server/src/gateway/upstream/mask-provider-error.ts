import { maskSecrets } from '@tokenwise/pii';
import { GatewayError } from '../types.ts';

/**
 * A provider's error with anything that looks like a key masked, the key we sent it first: some
 * providers quote the key in a 401 ("Incorrect API key provided: sk-…"), and the message goes on
 * to the caller, who must never learn the account's provider key, and into the request log.
 */
export function maskProviderError(err: unknown, apiKey: string): unknown {
  // Masked in place, so the error keeps its status, type and retry-after.
  if (err instanceof GatewayError) err.message = maskSecrets(err.message, [apiKey]);
  return err;
}

/** The same for errors a stream raises after its first chunk (error events, cuts). */
export async function* maskStreamErrors<T>(
  chunks: AsyncIterable<T>,
  apiKey: string,
): AsyncGenerator<T> {
  try {
    yield* chunks;
  } catch (err) {
    throw maskProviderError(err, apiKey);
  }
}
