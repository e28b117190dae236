import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiKey } from '@tokenwise/contracts';
import { MutationError } from '../../../components/form-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useDeleteApiKey } from '../api/delete-api-key.ts';
import { ApiKeyTable } from './api-key-table.tsx';
import { EmptyKeys } from './empty-keys.tsx';

/** The account's keys: loading, empty, or the table with delete-after-confirm. */
export function ApiKeyList({ keys }: { keys: UseQueryResult<ApiKey[]> }) {
  const remove = useDeleteApiKey();

  function confirmDelete(key: ApiKey) {
    const question = `Delete the API key "${key.name}"? Applications using it will stop working immediately.`;
    if (window.confirm(question)) remove.mutate(key.id);
  }

  if (keys.isPending) return <PageLoader label="Loading API keys..." />;
  // Spec section 8 only logs a failed list load; an empty screen read as "no keys" (decision 016).
  if (!keys.data) return <LoadError load={keys} fallback="Failed to load API keys" />;
  return (
    <Stack gap="sm">
      <MutationError mutation={remove} fallback="Failed to delete API key" />
      {keys.data.length === 0 ? (
        <EmptyKeys />
      ) : (
        <ApiKeyTable
          keys={keys.data}
          deletingId={remove.isPending ? remove.variables : null}
          onDelete={confirmDelete}
        />
      )}
    </Stack>
  );
}
