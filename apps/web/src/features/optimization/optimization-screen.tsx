import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import type { OptimizationLevel } from '@tokenwise/contracts';
import { useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { useOptimizationSettings } from './api/get-optimization-settings.ts';
import { useSaveOptimizationSettings } from './api/save-optimization-settings.ts';
import { LevelCards } from './components/level-cards.tsx';
import { OptimizationInfo } from './components/optimization-info.tsx';
import { canChangeOptimizationLevel } from './optimization-access.ts';
import { DEFAULT_OPTIMIZATION_LEVEL, hasUnsavedChange } from './optimization-levels.ts';

/** Success messages disappear after this long (spec section 9). */
const SUCCESS_MESSAGE_MS = 3_000;

export function OptimizationScreen() {
  const settings = useOptimizationSettings();
  const save = useSaveOptimizationSettings();
  const canSave = canChangeOptimizationLevel(activeAccount(getStoredUser())?.role);
  // null until the user picks a card: the screen then follows whatever the server holds.
  const [chosen, setChosen] = useState<OptimizationLevel | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const hideSaved = useTimeout(() => setJustSaved(false), SUCCESS_MESSAGE_MS);

  const saved = settings.data?.optimization_level;
  const unsaved = hasUnsavedChange(chosen, saved);

  function submit() {
    if (!chosen || !unsaved) return;
    hideSaved.clear();
    setJustSaved(false);
    save.mutate(
      { optimization_level: chosen },
      {
        onSuccess: () => {
          setJustSaved(true);
          hideSaved.start();
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Optimization</Title>
        <Text c="dimmed" mt={4}>
          Choose how hard the gateway compresses prompts before they reach the provider.
        </Text>
      </div>
      {settings.isPending ? (
        <PageLoader label="Loading settings..." />
      ) : settings.isError ? (
        <FormError message={errorMessage(settings.error, 'Failed to load optimization settings')} />
      ) : (
        <>
          {justSaved ? (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
              Optimization level saved. It applies from the next request.
            </Alert>
          ) : null}
          <FormError
            message={save.isError ? errorMessage(save.error, 'Failed to save settings') : null}
          />
          <LevelCards
            value={chosen ?? saved ?? DEFAULT_OPTIMIZATION_LEVEL}
            saved={saved ?? DEFAULT_OPTIMIZATION_LEVEL}
            disabled={!canSave}
            onChange={setChosen}
          />
          <Group>
            <Button disabled={!canSave || !unsaved} loading={save.isPending} onClick={submit}>
              Save Changes
            </Button>
            {unsaved ? (
              <Text size="sm" c="orange.7">
                You have unsaved changes
              </Text>
            ) : null}
          </Group>
          {canSave ? null : (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              Only account owners and admins can change the optimization level; your role can see
              the current choice.
            </Alert>
          )}
        </>
      )}
      <OptimizationInfo />
    </Stack>
  );
}
