import { randomUUID } from 'node:crypto';
import {
  type CreateProviderKeyRequest,
  PROVIDER_KEYS_PER_ACCOUNT,
  type Provider,
  type ProviderKey,
} from '@tokenwise/contracts';
import type { ProviderKeyRow } from '@tokenwise/db';
import type { AppDeps } from '../../deps.ts';
import * as repo from '../../domain/provider-keys/provider-keys.repository.ts';
import { PROVIDER_KEYS_CHANGED_TOPIC } from '../../domain/topics.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { holdUntilCommit } from '../../lib/hold-until-commit.ts';
import type { AuthContext } from '../../plugins/auth.ts';

export async function listKeys(deps: AppDeps, auth: AuthContext): Promise<ProviderKey[]> {
  return (await repo.listProviderKeys(deps.db.kysely, auth.account.id)).map(toProviderKey);
}

export async function addKey(
  deps: AppDeps,
  auth: AuthContext,
  body: CreateProviderKeyRequest,
): Promise<ProviderKey> {
  const row: ProviderKeyRow = {
    id: randomUUID(),
    account_id: auth.account.id,
    provider: body.provider,
    label: body.label,
    key_sealed: encryptSecret(deps.config.encryptionKey, body.api_key),
    created_at: deps.clock(),
    last_used_at: null,
  };
  // A cap so the list stays a screen's worth; adds in one account take turns, so it is exact
  // (decision 146).
  await deps.db.kysely.transaction().execute(async (trx) => {
    await holdUntilCommit(trx, deps.db.dialect, `provider keys of ${auth.account.id}`);
    if ((await repo.countProviderKeys(trx, auth.account.id)) >= PROVIDER_KEYS_PER_ACCOUNT) {
      throw conflict(
        `An account can have at most ${PROVIDER_KEYS_PER_ACCOUNT} provider keys; delete one to add another`,
      );
    }
    await repo.insertProviderKey(trx, row);
    await deps.bus.recordIn(trx, PROVIDER_KEYS_CHANGED_TOPIC, auth.account.id);
  });
  await deps.bus.publish(PROVIDER_KEYS_CHANGED_TOPIC, auth.account.id);
  return toProviderKey(row);
}

export async function deleteKey(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const deleted = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.deleteProviderKey(trx, auth.account.id, id))) return false;
    // With the change: a publish lost after the commit must not leave others on it (decision 156).
    await deps.bus.recordIn(trx, PROVIDER_KEYS_CHANGED_TOPIC, auth.account.id);
    return true;
  });
  if (!deleted) throw notFound('Provider key not found');
  await deps.bus.publish(PROVIDER_KEYS_CHANGED_TOPIC, auth.account.id);
}

function toProviderKey(row: ProviderKeyRow): ProviderKey {
  return {
    id: row.id,
    provider: row.provider as Provider,
    label: row.label,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}
