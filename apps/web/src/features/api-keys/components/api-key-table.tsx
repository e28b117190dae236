import { ActionIcon, Badge, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ApiKey } from '@tokenwise/contracts';
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
                <Text fw={600}>{key.name}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color="green" variant="light">
                  Active
                </Badge>
              </Table.Td>
              <Table.Td>
                <ApiKeyValue value={key.key} />
              </Table.Td>
              <Table.Td>{formatDate(key.created)}</Table.Td>
              <Table.Td>{key.last_used ? formatDate(key.last_used) : 'Never'}</Table.Td>
              <Table.Td>
                <Tooltip label="Delete key" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${key.name}`}
                    loading={deletingId === key.id}
                    onClick={() => onDelete(key)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
