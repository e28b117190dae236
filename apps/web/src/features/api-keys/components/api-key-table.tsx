import { Badge, Text } from '@mantine/core';
import type { ApiKey } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { deleteColumn } from '../../../components/delete-row-action.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ApiKeyValue } from './api-key-value.tsx';

interface ApiKeyTableProps {
  keys: ApiKey[];
  /** The key being deleted right now, whose button shows a spinner. */
  deletingId: string | null;
  onDelete: (key: ApiKey) => void;
}

export function ApiKeyTable({ keys, deletingId, onDelete }: ApiKeyTableProps) {
  const columns: DataColumn<ApiKey>[] = [
    { label: 'Name', card: 'title', cell: (key) => <Text fw={600}>{key.name}</Text> },
    {
      label: 'Status',
      card: 'badge',
      cell: () => (
        <Badge color="green" variant="light">
          Active
        </Badge>
      ),
    },
    { label: 'Key', wide: true, cell: (key) => <ApiKeyValue value={key.key} /> },
    { label: 'Created', cell: (key) => formatDate(key.created) },
    { label: 'Last Used', cell: (key) => (key.last_used ? formatDate(key.last_used) : 'Never') },
    deleteColumn({
      label: (key) => `Delete ${key.name}`,
      tooltip: 'Delete key',
      deleting: (key) => deletingId === key.id,
      onDelete,
    }),
  ];
  return (
    <DataTable
      label="API keys"
      rows={keys}
      columns={columns}
      rowKey={(key) => key.id}
      minWidth={760}
    />
  );
}
