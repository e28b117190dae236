import { CACHE_ENTRIES_LIMIT } from '@tokenwise/contracts';
import { formatNumber } from '../../lib/format.ts';

/** Pages are numbered from 1; an empty cache still has one (empty) page. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CACHE_ENTRIES_LIMIT));
}

export function pageOffset(page: number): number {
  return (page - 1) * CACHE_ENTRIES_LIMIT;
}

/** After deletes the last page may be gone; fall back to the last page that still exists. */
export function clampPage(page: number, total: number): number {
  return Math.min(Math.max(1, page), pageCount(total));
}

/** "Showing 21–25 of 25 entries". */
export function showingText(page: number, shownOnPage: number, total: number): string {
  if (shownOnPage === 0) return `Showing 0 of ${formatNumber(total)} entries`;
  const first = pageOffset(page) + 1;
  const last = pageOffset(page) + shownOnPage;
  return `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} entries`;
}
