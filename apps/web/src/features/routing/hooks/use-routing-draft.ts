import { useTimeout } from '@mantine/hooks';
import type { RoutingConfig } from '@tokenwise/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSaveRoutingConfig } from '../api/save-routing-config.ts';
import {
  checkDraft,
  draftFromConfig,
  hasUnsavedChange,
  type RoutingDraft,
} from '../routing-config.ts';

/** Success messages disappear after this long (spec section 9). */
const SAVED_NOTICE_MS = 3_000;

/**
 * The routing form: the toggle and thresholds change only this local draft (spec section 4) until
 * `save()`. Untouched fields follow the server, so a refetch shows through.
 */
export function useRoutingDraft(saved: RoutingConfig | undefined) {
  const mutation = useSaveRoutingConfig();
  const [edits, setEdits] = useState<Partial<RoutingDraft>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const hideSaved = useTimeout(() => setJustSaved(false), SAVED_NOTICE_MS);

  const draft: RoutingDraft | null = saved ? { ...draftFromConfig(saved), ...edits } : null;

  function change(patch: Partial<RoutingDraft>) {
    setEdits((current) => ({ ...current, ...patch }));
    setProblem(null);
    setJustSaved(false);
  }

  function save() {
    if (!draft) return;
    const check = checkDraft(draft);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setProblem(null);
    hideSaved.clear();
    mutation.mutate(check.config, {
      onSuccess: () => {
        setEdits({});
        setJustSaved(true);
        hideSaved.start();
      },
      onError: (err) => setProblem(errorMessage(err, 'Failed to save configuration')),
    });
  }

  return {
    draft,
    unsaved: draft !== null && saved !== undefined && hasUnsavedChange(draft, saved),
    change,
    save,
    saving: mutation.isPending,
    problem,
    justSaved,
  };
}

export type RoutingDraftState = ReturnType<typeof useRoutingDraft>;
