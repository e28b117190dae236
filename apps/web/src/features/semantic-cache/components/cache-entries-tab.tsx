import { Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { CacheEntry } from '@tokenwise/contracts';
import { type ReactNode, useState } from 'react';
import { FormError, MutationError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { SuccessNotice } from '../../../components/success-notice.tsx';
import { useFlashMessage } from '../../../components/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDeleteCacheEntry } from '../api/delete-cache-entry.ts';
import { useCacheEntries } from '../api/get-cache-entries.ts';
import { clampPage, pageCount, pageOffset, showingText } from '../cache-pages.ts';
import { CacheEntriesTable } from './cache-entries-table.tsx';
import { InvalidatePatternForm } from './invalidate-pattern-form.tsx';

/** The 'Cached Entries' tab: 20 entries a page, delete one, or invalidate by pattern. */
export function CacheEntriesTab({ canInvalidate }: { canInvalidate: boolean }) {
  const [page, setPage] = useState(1);
  const entries = useCacheEntries(pageOffset(page));
  const remove = useDeleteCacheEntry();
  const notice = useFlashMessage();
  const total = entries.data?.total ?? 0;

  // Deleting the last entries of the last page leaves it empty: step back to one that exists.
  if (entries.data && page !== clampPage(page, total)) setPage(clampPage(page, total));

  function confirmDelete(entry: CacheEntry) {
    if (
      !window.confirm('Delete this cached entry? The next matching request goes to the provider.')
    ) {
      return;
    }
    remove.mutate(entry.id, { onSuccess: () => notice.show('Entry deleted') });
  }

  let body: ReactNode;
  if (entries.isPending) body = <PageLoader label="Loading entries..." />;
  else if (entries.isError) {
    body = (
      <FormError message={errorMessage(entries.error, 'Failed to load semantic cache data')} />
    );
  } else if (entries.data.entries.length === 0) {
    body = (
      <Text c="dimmed" size="sm" py="md">
        No cached entries yet. Answers are cached as requests go through the gateway.
      </Text>
    );
  } else {
    body = (
      <>
        <CacheEntriesTable
          entries={entries.data.entries}
          onDelete={canInvalidate ? confirmDelete : null}
          deletingId={remove.isPending ? (remove.variables ?? null) : null}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {showingText(page, entries.data.entries.length, total)}
          </Text>
          {pageCount(total) > 1 ? (
            <Pagination total={pageCount(total)} value={page} onChange={setPage} size="sm" />
          ) : null}
        </Group>
      </>
    );
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <InvalidatePatternForm onRemoved={notice.show} disabled={!canInvalidate} />
        <MutationError mutation={remove} fallback="Failed to delete cache entry" />
        <SuccessNotice message={notice.message} />
        {body}
      </Stack>
    </Paper>
  );
}
