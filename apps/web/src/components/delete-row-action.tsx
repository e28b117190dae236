import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface DeleteRowActionProps {
  /** The button's accessible name, naming the row: 'Delete CI pipeline'. */
  label: string;
  tooltip: string;
  /** This row's delete is in flight: the button shows a spinner. */
  deleting: boolean;
  onDelete: () => void;
}

/** A row's red trash button (the caller confirms before deleting). */
export function DeleteRowAction({ label, tooltip, deleting, onDelete }: DeleteRowActionProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={label}
        loading={deleting}
        onClick={onDelete}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
