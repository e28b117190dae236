import { Table, Text } from '@mantine/core';
import type { ProviderKey } from '@tokenwise/contracts';
import { DeleteRowAction } from '../../../components/delete-row-action.tsx';
import { formatDate } from '../../../lib/format.ts';
import { providerName } from '../provider-names.ts';

interface ProviderKeyTableProps {
  keys: ProviderKey[];
  /** Null for members, who may look but not delete. */
  onDelete: ((key: ProviderKey) => void) | null;
  deletingId: string | null;
}

export function ProviderKeyTable({ keys, onDelete, deletingId }: ProviderKeyTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label="Provider keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last Used</Table.Th>
            {onDelete ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Text fw={600}>{providerName(key.provider)}</Text>
              </Table.Td>
              <Table.Td>{key.label ?? <Text c="dimmed">—</Text>}</Table.Td>
              <Table.Td>{formatDate(key.created_at)}</Table.Td>
              <Table.Td>{key.last_used_at ? formatDate(key.last_used_at) : 'Never'}</Table.Td>
              {onDelete ? (
                <DeleteRowAction
                  label={`Delete ${providerName(key.provider)} key${key.label ? ` ${key.label}` : ''}`}
                  tooltip="Delete key"
                  deleting={deletingId === key.id}
                  onDelete={() => onDelete(key)}
                />
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
