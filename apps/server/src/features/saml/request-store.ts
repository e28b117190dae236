import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { AppDeps } from '../../deps.ts';

/** How long a started sign-in may take at the IdP (password, MFA) before its answer is refused. */
export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;

/**
 * node-saml's store of issued AuthnRequest ids, in the database so any instance can check the
 * InResponseTo of a response whose request another instance sent; scoped to the account, so an
 * id issued for one account answers nothing for another.
 */
export function issuedRequestStore(deps: AppDeps, accountId: string): CacheProvider {
  const db = deps.db.kysely;
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      const now = deps.clock();
      await db.deleteFrom('saml_requests').where('expires_at', '<=', now).execute();
      await db
        .insertInto('saml_requests')
        .values({
          id: key,
          account_id: accountId,
          created_at: now,
          expires_at: now + SAML_REQUEST_TTL_MS,
        })
        .execute();
      return { value, createdAt: now };
    },
    async getAsync(key: string): Promise<string | null> {
      const row = await db
        .selectFrom('saml_requests')
        .select('created_at')
        .where('id', '=', key)
        .where('account_id', '=', accountId)
        .where('expires_at', '>', deps.clock())
        .executeTakeFirst();
      return row ? new Date(Number(row.created_at)).toISOString() : null;
    },
    async removeAsync(key: string | null): Promise<string | null> {
      if (!key) return null;
      await db
        .deleteFrom('saml_requests')
        .where('id', '=', key)
        .where('account_id', '=', accountId)
        .execute();
      return key;
    },
  };
}
