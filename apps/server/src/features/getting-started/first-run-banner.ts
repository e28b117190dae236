import type { Database } from '@tokenwise/db';
import type { Kysely } from 'kysely';

/** A database nobody has signed up to yet: the operator is starting Tokenwise for the first time. */
export async function isFreshDatabase(db: Kysely<Database>): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return user === undefined;
}

/**
 * What `npm start` prints once it listens: where the dashboard is and, on a fresh database, what
 * to do first. Plain lines on stdout, beside the JSON log, because a person reads them.
 */
export function startupBanner(dashboardUrl: string, fresh: boolean): string {
  const lines = [`Tokenwise is running. Dashboard: ${dashboardUrl}`];
  if (fresh) {
    lines.push(
      'First run: nobody has signed up yet.',
      `  1. Open ${dashboardUrl}/signup and create your account.`,
      // Signing up opens no subscription: every other screen waits for the trial.
      '  2. On the Billing screen it opens, press Start Free Trial (14 days, no payment).',
      '  3. The dashboard shows a getting-started checklist: create a gateway key, add a provider key,',
      `     and point your OpenAI or Anthropic SDK at ${dashboardUrl}/v1 for a first request.`,
    );
  }
  return lines.join('\n');
}
