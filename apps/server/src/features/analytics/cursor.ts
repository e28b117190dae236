import { badRequest } from '../../errors/app-error.ts';
import type { Keyset } from './request-log.repository.ts';

/**
 * The opaque "Load More" cursor: the last row shown (created_at, id) plus the period start the
 * listing began with, so later pages walk the same snapshot even after the hour rolls over.
 */
export interface PageCursor extends Keyset {
  from: number;
}

export function encodeCursor(c: PageCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.id, c.from])).toString('base64url');
}

export function decodeCursor(text: string): PageCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [createdAt, id, from] = parsed as unknown[];
  if (
    !Number.isSafeInteger(createdAt) ||
    !Number.isSafeInteger(from) ||
    typeof id !== 'string' ||
    id.length === 0 ||
    id.length > 100
  ) {
    throw invalid();
  }
  return { createdAt: createdAt as number, id, from: from as number };
}

const invalid = () =>
  badRequest('cursor is not valid; reload the first page and try again', 'invalid_cursor');
