import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiKey } from '@tokenwise/contracts';
import { useEffect } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDeleteApiKey } from '../api/delete-api-key.ts';
import { ApiKeyTable } from './api-key-table.tsx';
import { EmptyKeys } from './empty-keys.tsx';

/** The account's keys: loading, empty, or the table with delete-after-confirm. */
export function ApiKeyList({ keys }: { keys: UseQueryResult<ApiKey[]> }) {
  const remove = useDeleteApiKey();

  // Spec section 8: a failed list load is only logged; the screen shows no list and no error.
  useEffect(() => {
    if (keys.error) console.error('Failed to load API keys', keys.error);
  }, [keys.error]);

  function confirmDelete(key: ApiKey) {
    const question = `Delete the API key "${key.name}"? Applications using it will stop working immediately.`;
    if (window.confirm(question)) remove.mutate(key.id);
  }

  if (keys.isPending) return <PageLoader label="Loading API keys..." />;
  if (!keys.data) return null;
  return (
    <Stack gap="sm">
      <FormError
        message={remove.isError ? errorMessage(remove.error, 'Failed to delete API key') : null}
      />
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
