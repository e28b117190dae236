import { SimpleGrid, Switch } from '@mantine/core';
import { MutationError } from '../../../components/form-error.tsx';
import { SaveRow } from '../../../components/save-row.tsx';
import { SuccessNotice } from '../../../components/success-notice.tsx';
import { useDraft } from '../../../components/use-draft.ts';
import { useFlashMessage } from '../../../components/use-flash-message.ts';
import { useSavePiiConfig } from '../api/save-pii-config.ts';
import {
  ADDITIONAL_DETECTORS,
  CORE_DETECTORS,
  type DetectorField,
  type FullPiiConfig,
  samePiiConfig,
} from '../pii-detectors.ts';
import { DetectorSwitches } from './detector-switches.tsx';
import { ManagerOnlyNote } from './manager-only-note.tsx';

const DETECTOR_GROUPS = [
  { title: 'Detectors', detectors: CORE_DETECTORS },
  { title: 'Additional detectors', detectors: ADDITIONAL_DETECTORS },
];

interface PiiRedactionFormProps {
  saved: FullPiiConfig;
  canManage: boolean;
}

/** Switches edit a draft; Save sends all of it, so a half-made change never goes live. */
export function PiiRedactionForm({ saved, canManage }: PiiRedactionFormProps) {
  const save = useSavePiiConfig();
  const flash = useFlashMessage();
  const form = useDraft(saved);
  const { draft } = form;
  const changed = !samePiiConfig(draft, saved);

  function setDetector(field: DetectorField, on: boolean) {
    form.change({ [field]: on });
  }

  function submit() {
    flash.hide();
    save.mutate(draft, { onSuccess: () => flash.show('PII redaction settings saved') });
  }

  return (
    <>
      <SuccessNotice message={flash.message} />
      <MutationError mutation={save} fallback="Failed to save PII redaction settings" />
      <Switch
        size="md"
        label="Enable PII redaction"
        description="Master switch: when off, prompts are sent as they are."
        checked={draft.enabled}
        disabled={!canManage}
        onChange={(e) => form.change({ enabled: e.currentTarget.checked })}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {DETECTOR_GROUPS.map(({ title, detectors }) => (
          <DetectorSwitches
            key={title}
            title={title}
            detectors={detectors}
            config={draft}
            disabled={!canManage || !draft.enabled}
            onChange={setDetector}
          />
        ))}
      </SimpleGrid>
      {canManage ? (
        // Spec section 2 ties Save to a change on /optimization only; here it saves what is shown.
        <SaveRow
          label="Save PII Settings"
          onSave={submit}
          saving={save.isPending}
          unsaved={changed}
          savesUnchanged
        />
      ) : (
        <ManagerOnlyNote what="PII redaction" />
      )}
    </>
  );
}
