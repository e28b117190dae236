import type { RoutingConfig } from '@tokenwise/contracts';
import { useState } from 'react';
import { useDraft } from '../../../components/use-draft.ts';
import { useFlashMessage } from '../../../components/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSaveRoutingConfig } from '../api/save-routing-config.ts';
import {
  checkDraft,
  draftFromConfig,
  hasUnsavedChange,
  type RoutingDraft,
} from '../routing-config.ts';

/**
 * The routing form: the toggle and thresholds change only this local draft (spec section 4) until
 * `save()`. Untouched fields follow the server, so a refetch shows through.
 */
export function useRoutingDraft(saved: RoutingConfig | undefined) {
  const mutation = useSaveRoutingConfig();
  const form = useDraft(saved && draftFromConfig(saved));
  const [problem, setProblem] = useState<string | null>(null);
  const flash = useFlashMessage();
  const draft = form.draft ?? null;

  function change(patch: Partial<RoutingDraft>) {
    form.change(patch);
    setProblem(null);
    flash.hide();
  }

  function save() {
    if (!draft) return;
    const check = checkDraft(draft);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setProblem(null);
    mutation.mutate(check.config, {
      onSuccess: () => {
        form.discard();
        flash.show('Routing configuration saved');
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
    savedNotice: flash.message,
  };
}

export type RoutingDraftState = ReturnType<typeof useRoutingDraft>;
