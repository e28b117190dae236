import { badRequest } from '../../errors/app-error.ts';
import type { Keyset } from './request-log.repository.ts';

/**
 * The opaque "Load More" cursor: the last row shown (created_at, id) plus the period start the
 * listing began with, so later pages walk the same snapshot even after the hour rolls over.
 */
export interface PageCursor extends Keyset {
  from: number;
  /** A text search's total_count from the first page, so Load More need not count again. */
  total?: number;
}

export function encodeCursor(c: PageCursor): string {
  const fields = [c.createdAt, c.id, c.from, ...(c.total === undefined ? [] : [c.total])];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

export function decodeCursor(text: string): PageCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length < 3 || parsed.length > 4) throw invalid();
  const [createdAt, id, from, total] = parsed as unknown[];
  if (
    !Number.isSafeInteger(createdAt) ||
    !Number.isSafeInteger(from) ||
    (total !== undefined && !(Number.isSafeInteger(total) && (total as number) >= 0)) ||
    typeof id !== 'string' ||
    id.length === 0 ||
    id.length > 100
  ) {
    throw invalid();
  }
  const cursor: PageCursor = { createdAt: createdAt as number, id, from: from as number };
  if (total !== undefined) cursor.total = total as number;
  return cursor;
}

const invalid = () =>
  badRequest('cursor is not valid; reload the first page and try again', 'invalid_cursor');
