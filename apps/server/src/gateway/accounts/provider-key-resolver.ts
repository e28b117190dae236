import type { AppDeps } from '../../deps.ts';
import {
  findNewestProviderKey,
  touchProviderKeys,
} from '../../domain/provider-keys/provider-keys.repository.ts';
import { PROVIDER_KEYS_CHANGED_TOPIC } from '../../domain/topics.ts';
import { ChangesHeard } from '../../lib/changes-heard.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { GatewayError, type ProviderId } from '../types.ts';
import { KeyUseRecorder } from './key-use-recorder.ts';
import { canMemoizeLookups } from './memo-policy.ts';

interface ChosenKey {
  apiKey: string;
  /** The stored key's id, or undefined for the system fallback key from the environment. */
  storedKeyId: string | undefined;
}

/**
 * The key an upstream call uses: the account's newest stored key for the provider first, then the
 * system fallback <PROVIDER>_API_KEY, else a 400 the caller can act on.
 */
export class ProviderKeyResolver extends KeyUseRecorder {
  private readonly cache = new Map<string, { id: string; apiKey: string } | null>();
  private readonly changes = new ChangesHeard();

  constructor(private readonly deps: AppDeps) {
    super(deps, 'provider key', touchProviderKeys);
    deps.bus.subscribe(PROVIDER_KEYS_CHANGED_TOPIC, (accountId) => {
      this.changes.heard();
      for (const key of this.cache.keys())
        if (key.startsWith(`${accountId}:`)) this.cache.delete(key);
    });
    deps.bus.onResync(() => {
      this.changes.heard();
      this.cache.clear();
    });
  }

  async choose(accountId: string, provider: ProviderId): Promise<ChosenKey> {
    const stored = await this.stored(accountId, provider);
    if (stored) return { apiKey: stored.apiKey, storedKeyId: stored.id };
    const fallback = this.deps.config.providers[provider].apiKey;
    if (fallback) return { apiKey: fallback, storedKeyId: undefined };
    throw new GatewayError(
      400,
      `No API key configured for ${provider}`,
      'invalid_request_error',
      'missing_provider_key',
    );
  }

  private async stored(accountId: string, provider: ProviderId) {
    const cacheKey = `${accountId}:${provider}`;
    const useCache = canMemoizeLookups(this.deps);
    if (useCache && this.cache.has(cacheKey)) return this.cache.get(cacheKey) ?? undefined;
    const unchanged = this.changes.mark();
    const row = await findNewestProviderKey(this.deps.db.kysely, accountId, provider);
    const value = row ? { id: row.id, apiKey: this.open(provider, row.key_sealed) } : null;
    if (useCache && unchanged()) this.cache.set(cacheKey, value);
    return value ?? undefined;
  }

  /**
   * A stored key that does not open (sealed under another ENCRYPTION_KEY, or its row damaged)
   * answered a bare 500 ('The gateway failed to process the request'): say which key and what to
   * do. A 400 like a missing key's, so SDKs do not retry what cannot succeed (decision 092).
   */
  private open(provider: ProviderId, sealed: string): string {
    try {
      return decryptSecret(this.deps.config.encryptionKey, sealed);
    } catch (err) {
      this.deps.log.error({ err, provider }, 'stored provider key does not decrypt');
      throw new GatewayError(
        400,
        `The stored ${provider} provider key cannot be read: it was saved under another encryption key or is damaged. Delete it and add the ${provider} key again in Settings → Provider keys`,
        'invalid_request_error',
        'provider_key_unreadable',
      );
    }
  }
}
