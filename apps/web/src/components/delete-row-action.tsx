import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { DataColumn } from './data-table.tsx';

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

interface DeleteColumnOptions<Row> {
  /** The button's accessible name for this row. */
  label: (row: Row) => string;
  tooltip: string;
  deleting: (row: Row) => boolean;
  onDelete: (row: Row) => void;
  /** Rows the viewer may not delete show no button. */
  allowed?: (row: Row) => boolean;
}

/** The last column of a table whose rows can be deleted: at a card's foot on a phone. */
export function deleteColumn<Row>(options: DeleteColumnOptions<Row>): DataColumn<Row> {
  return {
    label: 'Actions',
    hideLabel: true,
    card: 'action',
    cell: (row) =>
      options.allowed && !options.allowed(row) ? null : (
        <DeleteRowAction
          label={options.label(row)}
          tooltip={options.tooltip}
          deleting={options.deleting(row)}
          onDelete={() => options.onDelete(row)}
        />
      ),
  };
}
