import type { CacheConfig } from '@tokenwise/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSaveCacheConfig } from '../api/save-cache-config.ts';

/**
 * The enable switch saves at once with the stored config (not the Overview form's unsaved draft)
 * and, when the save fails, puts the switch back where it was (spec section 4).
 */
export function useCacheToggle(config: CacheConfig | undefined) {
  const save = useSaveCacheConfig();
  // null: show what the server holds; set while a save is in flight or after it failed.
  const [local, setLocal] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enabled = local ?? config?.enabled ?? false;

  function toggle(next: boolean) {
    if (!config) return;
    const previous = enabled;
    setLocal(next);
    setError(null);
    save.mutate(
      { ...config, enabled: next },
      {
        onSuccess: () => setLocal(null),
        onError: (err) => {
          setLocal(previous);
          setError(errorMessage(err, 'Failed to update cache status'));
        },
      },
    );
  }

  return { enabled, toggle, pending: save.isPending, error };
}
