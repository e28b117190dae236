import { SQLITE_UNICODE_LOWER } from '@tokenwise/db';
import { type Expression, type RawBuilder, sql } from 'kysely';
import { likePattern } from '../../domain/analytics/rollup-query.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * `column` holds `text` (already lower-cased by the caller, as the columns it is used on are).
 * PostgreSQL: LIKE '%text%', which the trigram indexes of migration 0008 serve. SQLite has no
 * index for a substring, so it scans, and instr() scans several times faster than LIKE's pattern
 * matcher (measured in docs/benchmarks.md).
 */
export function containsText(
  column: Expression<string> | RawBuilder<string>,
  text: string,
  dialect: Dialect,
): RawBuilder<boolean> {
  return dialect === 'postgres'
    ? sql<boolean>`${column} like ${likePattern(text)} escape '\\'`
    : sql<boolean>`instr(${column}, ${text}) > 0`;
}

/** `lower(column)` that folds every script, as the search text is folded in JavaScript. */
export function lowerText(column: Expression<string>, dialect: Dialect): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`lower(${column})`
    : sql<string>`${sql.raw(SQLITE_UNICODE_LOWER)}(${column})`;
}
