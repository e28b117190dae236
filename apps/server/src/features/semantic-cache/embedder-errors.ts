import { AppError, badRequest } from '../../errors/app-error.ts';
import { GatewayError } from '../../errors/gateway-error.ts';

/**
 * Runs a cache call that may embed with the account's provider embedder. A missing provider key
 * is the account's setup (400); a provider that fails is a 502 naming it: never a bare 500, and
 * never the provider's own 401, which the dashboard would take for an expired session.
 */
export async function withEmbedder<T>(embedder: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (err.code === 'missing_provider_key') {
      throw badRequest(
        `The ${embedder} embedder needs a ${embedder} API key: add one under Provider Keys, or switch the cache to the local embedder`,
        'embedder_unavailable',
      );
    }
    // A stored key that no longer opens says itself what to do (re-enter it).
    if (err.code === 'provider_key_unreadable') throw badRequest(err.message, err.code);
    throw new AppError(502, 'embedder_failed', `The ${embedder} embedder failed: ${err.message}`);
  }
}
