import { randomUUID } from 'node:crypto';
import { API_KEYS_PER_ACCOUNT, type ApiKey, hasRole, WRITE_ROLES } from '@tokenwise/contracts';
import type { ApiKeyRow } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import { API_KEY_PREFIX } from '../../domain/api-keys/api-key-prefix.ts';
import * as repo from '../../domain/api-keys/api-keys.repository.ts';
import { recordDeletedKeys } from '../../domain/api-keys/forget-deleted-keys.ts';
import { holdMembershipRole } from '../../domain/auth/memberships.repository.ts';
import { conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../../lib/crypto.ts';
import { holdUntilCommit } from '../../lib/hold-until-commit.ts';
import type { AuthContext } from '../../plugins/auth.ts';

export const KEY_DISPLAY_CHARS = 12;

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomToken(32)}`;
}

export async function listKeys(deps: AppDeps, auth: AuthContext): Promise<ApiKey[]> {
  const rows = await repo.listApiKeys(deps.db.kysely, auth.account.id);
  return rows.map((row) => toApiKey(deps, row));
}

export async function createKey(deps: AppDeps, auth: AuthContext, name: string): Promise<ApiKey> {
  const key = generateApiKey();
  const row: ApiKeyRow = {
    id: randomUUID(),
    account_id: auth.account.id,
    name,
    key_hash: sha256(key),
    key_sealed: encryptSecret(deps.config.encryptionKey, key),
    key_prefix: key.slice(0, KEY_DISPLAY_CHARS),
    created_by: auth.user.id,
    created_at: deps.clock(),
    last_used_at: null,
  };
  // The maker's membership is read again and held while the key goes in: checked only by the
  // route, a key made while its maker was being removed or made read-only escaped the revocation
  // of their keys and kept working (decision 106).
  await deps.db.kysely.transaction().execute(async (trx) => {
    // Creates in one account take turns, so the cap below is exact (decision 146).
    await holdUntilCommit(trx, deps.db.dialect, `api keys of ${auth.account.id}`);
    const role = await holdMembershipRole(trx, auth.account.id, auth.user.id, deps.db.dialect);
    if (!role || !hasRole(role, WRITE_ROLES)) throw forbidden();
    // Unbounded, a member making keys in a loop turned every visit to the list into seconds of
    // decryption on the event loop that every account's requests share.
    if ((await repo.countApiKeys(trx, auth.account.id)) >= API_KEYS_PER_ACCOUNT) {
      throw conflict(
        `An account can have at most ${API_KEYS_PER_ACCOUNT} API keys; delete one to add another`,
      );
    }
    await repo.insertApiKey(trx, row);
  });
  return toApiKey(deps, row);
}

export async function deleteKey(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  onDeleted: (keyHash: string) => Promise<void>,
): Promise<void> {
  const row = await deps.db.kysely.transaction().execute(async (trx) => {
    const deleted = await repo.deleteApiKey(trx, auth.account.id, id);
    if (deleted) await recordDeletedKeys(deps, trx, [deleted.key_hash]);
    return deleted;
  });
  if (!row) throw notFound('API key not found');
  await onDeleted(row.key_hash);
}

function toApiKey(deps: AppDeps, row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key: decryptSecret(deps.config.encryptionKey, row.key_sealed),
    created: new Date(row.created_at).toISOString(),
    last_used: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}
