import { Badge, Table } from '@mantine/core';
import type { ApiKey } from '@tokenwise/contracts';
import { DeleteRowAction } from '../../../components/delete-row-action.tsx';
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
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last Used</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <TruncatedText fw={600} text={key.name} maxWidth={240} />
              </Table.Td>
              <Table.Td>
                <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                  Active
                </Badge>
              </Table.Td>
              <Table.Td>
                <ApiKeyValue value={key.key} />
              </Table.Td>
              <Table.Td>{formatDate(key.created)}</Table.Td>
              <Table.Td>{key.last_used ? formatDate(key.last_used) : 'Never'}</Table.Td>
              <DeleteRowAction
                label={`Delete ${key.name}`}
                tooltip="Delete key"
                deleting={deletingId === key.id}
                onDelete={() => onDelete(key)}
              />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
