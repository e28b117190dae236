import { Text } from '@mantine/core';
import type { ProviderKey } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { deleteColumn } from '../../../components/delete-row-action.tsx';
import { formatDate } from '../../../lib/format.ts';
import { providerName } from '../provider-names.ts';

interface ProviderKeyTableProps {
  keys: ProviderKey[];
  /** Null for members, who may look but not delete. */
  onDelete: ((key: ProviderKey) => void) | null;
  deletingId: string | null;
}

export function ProviderKeyTable({ keys, onDelete, deletingId }: ProviderKeyTableProps) {
  const columns: DataColumn<ProviderKey>[] = [
    {
      label: 'Provider',
      card: 'title',
      cell: (key) => <Text fw={600}>{providerName(key.provider)}</Text>,
    },
    { label: 'Label', cell: (key) => key.label ?? <Text c="dimmed">—</Text> },
    { label: 'Created', cell: (key) => formatDate(key.created_at) },
    {
      label: 'Last Used',
      cell: (key) => (key.last_used_at ? formatDate(key.last_used_at) : 'Never'),
    },
  ];
  if (onDelete) {
    columns.push(
      deleteColumn({
        label: (key) =>
          `Delete ${providerName(key.provider)} key${key.label ? ` ${key.label}` : ''}`,
        tooltip: 'Delete key',
        deleting: (key) => deletingId === key.id,
        onDelete,
      }),
    );
  }
  return (
    <DataTable
      label="Provider keys"
      rows={keys}
      columns={columns}
      rowKey={(key) => key.id}
      minWidth={560}
    />
  );
}
