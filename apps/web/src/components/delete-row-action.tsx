import { ActionIcon, Table, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface DeleteRowActionProps {
  /** The button's accessible name, naming the row: 'Delete CI pipeline'. */
  label: string;
  tooltip: string;
  /** This row's delete is in flight: the button shows a spinner. */
  deleting: boolean;
  onDelete: () => void;
}

/** The last cell of a table row: a red trash button (the caller confirms before deleting). */
export function DeleteRowAction({ label, tooltip, deleting, onDelete }: DeleteRowActionProps) {
  return (
    <Table.Td>
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
    </Table.Td>
  );
}
