import { Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { listTotal, listTotalCapped, loadedItems, type OffsetPage } from '../lib/offset-pages.ts';
import { ListFooter } from './list-footer.tsx';
import { LoadError } from './load-error.tsx';
import { PageLoader } from './page-loader.tsx';

interface PagedListProps<T extends { id: string }> {
  pages: UseInfiniteQueryResult<InfiniteData<OffsetPage<T>>>;
  /** 'users': 'Showing X of Y total users'. */
  noun: string;
  loadingLabel: string;
  emptyText: string;
  /** The screen's text for a failed load, when the server gave no message. */
  errorText: string;
  children: (rows: T[]) => ReactNode;
}

/**
 * A server-paged list: its load error, a spinner on the first load, the rows (or the empty text),
 * then 'Showing X of Y total …' with 'Load more'.
 */
export function PagedList<T extends { id: string }>({
  pages,
  noun,
  loadingLabel,
  emptyText,
  errorText,
  children,
}: PagedListProps<T>) {
  const rows = loadedItems(pages.data, (row) => row.id);
  return (
    <Stack gap="sm">
      {pages.isError ? (
        <LoadError
          load={pages}
          fallback={errorText}
          // A failed "Load more" asks for that page again, not the whole list.
          onRetry={pages.isFetchNextPageError ? () => void pages.fetchNextPage() : undefined}
        />
      ) : null}
      {pages.isPending ? <PageLoader label={loadingLabel} /> : null}
      {pages.data ? (
        <>
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {emptyText}
            </Text>
          ) : (
            children(rows)
          )}
          <ListFooter
            shown={rows.length}
            total={listTotal(pages.data)}
            totalCapped={listTotalCapped(pages.data)}
            noun={noun}
            hasMore={pages.hasNextPage}
            loadingMore={pages.isFetchingNextPage}
            onLoadMore={() => void pages.fetchNextPage()}
          />
        </>
      ) : null}
    </Stack>
  );
}
