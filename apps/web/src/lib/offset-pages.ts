import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { TOTAL_COUNT_CAPPED_HEADER } from '@tokenwise/contracts';
import type { ApiAnswer } from './api-client.ts';

/** One page of a list the server pages by offset, with the size of the whole (filtered) list. */
export interface OffsetPage<T> {
  items: T[];
  offset: number;
  total: number;
  /** The server stopped counting: the list holds more than `total`. */
  capped?: boolean;
  /**
   * Rows already loaded that have since left the server's list (net of any that came back), while
   * the screen keeps showing them: a vote that no longer matches /evals' filter. Each moves every
   * later row one place up, so the next page starts that many places earlier.
   */
  gone?: number;
}

/** What a list page is asked with: where it starts; the size of a page is the endpoint's. */
export type FetchPage<T> = (offset: number, signal: AbortSignal) => Promise<OffsetPage<T>>;

/**
 * Reads a page whose total comes in a header (`X-Total-Count`). Without a readable total the page
 * counts as the whole list: the screen then shows what it has and offers no next page.
 */
export function toOffsetPage<T>(
  answer: ApiAnswer<T[]>,
  offset: number,
  totalHeader: string,
): OffsetPage<T> {
  const raw = answer.headers.get(totalHeader);
  const total =
    raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : offset + answer.body.length;
  const capped = answer.headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true';
  return { items: answer.body, offset, total, ...(capped ? { capped } : {}) };
}

/** Where the next page starts, or undefined once everything (or an empty page) has come. */
export function nextPageOffset<T>(last: OffsetPage<T>): number | undefined {
  const end = last.offset + last.items.length;
  return last.items.length > 0 && end < last.total
    ? Math.max(0, end - (last.gone ?? 0))
    : undefined;
}

/**
 * Every row loaded so far, in order. Pages are read by offset while the list changes: rows that
 * came meanwhile (new requests on /evals) push earlier ones onto the next page, which then repeats
 * them. With `keyOf`, a row already loaded is kept once, where it first came.
 */
export function loadedItems<T>(
  data: InfiniteData<OffsetPage<T>> | undefined,
  keyOf?: (row: T) => string,
): T[] {
  const rows = data ? data.pages.flatMap((page) => page.items) : [];
  if (!keyOf) return rows;
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = keyOf(row);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The total the newest page reported (rows may have come or gone since the first). */
export function listTotal<T>(data: InfiniteData<OffsetPage<T>> | undefined): number {
  return data?.pages.at(-1)?.total ?? 0;
}

/** Whether the newest page's total is a floor. */
export function listTotalCapped<T>(data: InfiniteData<OffsetPage<T>> | undefined): boolean {
  return data?.pages.at(-1)?.capped === true;
}

/** Query options for a "Load more" list: one page per fetch, offsets taken from what came. */
export function offsetPagesOptions<T>(queryKey: QueryKey, fetchPage: FetchPage<T>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: OffsetPage<T>) => nextPageOffset(last),
  });
}
