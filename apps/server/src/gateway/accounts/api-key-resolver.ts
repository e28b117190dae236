import type { AppDeps } from '../../deps.ts';
import { findApiKeyByHash, touchApiKeys } from '../../domain/api-keys/api-keys.repository.ts';
import { API_KEY_DELETED_TOPIC } from '../../domain/topics.ts';
import { ChangesHeard } from '../../lib/changes-heard.ts';
import { sha256 } from '../../lib/crypto.ts';
import { KeyUseRecorder } from './key-use-recorder.ts';
import { canMemoizeLookups } from './memo-policy.ts';

const CACHE_MAX = 10_000;

export interface ResolvedApiKey {
  id: string;
  accountId: string;
}

/**
 * Finds the account behind a gateway key. Hits are cached in memory only while every instance
 * hears of deletions (Redis bus connected, or a single embedded instance); otherwise each request
 * asks the database, so a deleted key fails at once everywhere. Misses are never cached: a new key
 * works at once.
 */
export class ApiKeyResolver extends KeyUseRecorder {
  private readonly cache = new Map<string, ResolvedApiKey>();
  private readonly changes = new ChangesHeard();

  constructor(private readonly deps: AppDeps) {
    super(deps, 'API key', touchApiKeys);
    deps.bus.subscribe(API_KEY_DELETED_TOPIC, (hash) => {
      this.changes.heard();
      this.cache.delete(hash);
    });
    deps.bus.onResync(() => {
      this.changes.heard();
      this.cache.clear();
    });
  }

  async resolve(key: string): Promise<ResolvedApiKey | undefined> {
    const hash = sha256(key);
    const cached = canMemoizeLookups(this.deps) ? this.cache.get(hash) : undefined;
    if (cached) return cached;
    const unchanged = this.changes.mark();
    const row = await findApiKeyByHash(this.deps.db.kysely, hash);
    if (!row) return undefined;
    const resolved = { id: row.id, accountId: row.account_id };
    if (canMemoizeLookups(this.deps) && unchanged()) {
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      this.cache.set(hash, resolved);
    }
    return resolved;
  }
}
