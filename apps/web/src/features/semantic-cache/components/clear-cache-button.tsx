import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useClearCache } from '../api/clear-cache.ts';

interface ClearCacheButtonProps {
  onCleared: (message: string) => void;
  onError: (message: string | null) => void;
  disabled: boolean;
}

/** 'Clear All Cache', after a confirm (spec section 5). */
export function ClearCacheButton({ onCleared, onError, disabled }: ClearCacheButtonProps) {
  const clear = useClearCache();

  function confirmClear() {
    if (
      !window.confirm(
        'Clear all cached entries? Requests will go to the provider until the cache fills again.',
      )
    ) {
      return;
    }
    onError(null);
    clear.mutate(undefined, {
      onSuccess: (result) => onCleared(result.message),
      onError: (err) => onError(errorMessage(err, 'Failed to clear cache')),
    });
  }

  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} />}
      loading={clear.isPending}
      disabled={disabled}
      onClick={confirmClear}
    >
      Clear All Cache
    </Button>
  );
}
