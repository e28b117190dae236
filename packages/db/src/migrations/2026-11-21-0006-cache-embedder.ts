import type { Kysely } from 'kysely';

// Which embedder the account's semantic cache uses: local (default), openai, gemini or mistral.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account_settings')
    .addColumn('cache_embedder', 'text', (c) => c.notNull().defaultTo('local'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_settings').dropColumn('cache_embedder').execute();
}
