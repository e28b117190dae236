import { Badge } from '@mantine/core';
import type { ApiKey } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { deleteColumn } from '../../../components/delete-row-action.tsx';
import { TruncatedText } from '../../../components/truncated-text.tsx';
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
    {
      label: 'Name',
      card: 'title',
      cell: (key) => <TruncatedText fw={600} text={key.name} maxWidth={240} />,
    },
    {
      label: 'Status',
      card: 'badge',
      cell: () => (
        <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
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
