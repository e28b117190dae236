import { Button, Group, Text } from '@mantine/core';

interface SaveRowProps {
  label: string;
  onSave: () => void;
  saving: boolean;
  /** True when the draft differs from what the server holds; Save is offered only then. */
  unsaved: boolean;
  /** The role may look but not save. */
  disabled?: boolean;
  /** Save stays offered with nothing changed (where the spec does not tie it to a change). */
  savesUnchanged?: boolean;
}

/** A settings form's Save button and, while the draft differs, 'You have unsaved changes'. */
export function SaveRow({
  label,
  onSave,
  saving,
  unsaved,
  disabled = false,
  savesUnchanged = false,
}: SaveRowProps) {
  return (
    <Group>
      <Button onClick={onSave} loading={saving} disabled={disabled || !(unsaved || savesUnchanged)}>
        {label}
      </Button>
      {unsaved ? (
        <Text size="sm" c="orange.7">
          You have unsaved changes
        </Text>
      ) : null}
    </Group>
  );
}
