import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FormError, MutationError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SaveRow } from '../../components/save-row.tsx';
import { SuccessNotice } from '../../components/success-notice.tsx';
import { useDraft } from '../../components/use-draft.ts';
import { useFlashMessage } from '../../components/use-flash-message.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { canManage } from '../../lib/roles.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { useOptimizationSettings } from './api/get-optimization-settings.ts';
import { useSaveOptimizationSettings } from './api/save-optimization-settings.ts';
import { LevelCards } from './components/level-cards.tsx';
import { LevelQualityPanel } from './components/level-quality-panel.tsx';
import { OptimizationInfo } from './components/optimization-info.tsx';
import { DEFAULT_OPTIMIZATION_LEVEL, hasUnsavedChange } from './optimization-levels.ts';

export function OptimizationScreen() {
  const settings = useOptimizationSettings();
  const save = useSaveOptimizationSettings();
  const canSave = canManage(activeAccount(getStoredUser())?.role);
  // Follows whatever the server holds until the user picks a card.
  const form = useDraft(settings.data);
  const flash = useFlashMessage();

  const saved = settings.data?.optimization_level;
  const chosen = form.draft?.optimization_level ?? null;
  const unsaved = hasUnsavedChange(chosen, saved);

  function submit() {
    if (!chosen || !unsaved) return;
    flash.hide();
    save.mutate(
      { optimization_level: chosen },
      {
        onSuccess: () => flash.show('Optimization level saved. It applies from the next request.'),
      },
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Optimization"
        description="Choose how hard the gateway compresses prompts before they reach the provider."
      />
      {settings.isPending ? (
        <PageLoader label="Loading settings..." />
      ) : settings.isError ? (
        <FormError message={errorMessage(settings.error, 'Failed to load optimization settings')} />
      ) : (
        <>
          <SuccessNotice message={flash.message} />
          <MutationError mutation={save} fallback="Failed to save settings" />
          <LevelCards
            value={chosen ?? DEFAULT_OPTIMIZATION_LEVEL}
            saved={saved ?? DEFAULT_OPTIMIZATION_LEVEL}
            disabled={!canSave}
            onChange={(level) => form.change({ optimization_level: level })}
          />
          <SaveRow
            label="Save Changes"
            onSave={submit}
            saving={save.isPending}
            unsaved={unsaved}
            disabled={!canSave}
          />
          {canSave ? null : (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              Only account owners and admins can change the optimization level; your role can see
              the current choice.
            </Alert>
          )}
        </>
      )}
      <LevelQualityPanel />
      <OptimizationInfo />
    </Stack>
  );
}
