import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation.ts';

/** Every migration, keyed by its timestamped name; Kysely applies them in name order. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
};
