import { Badge, Table, Text } from '@mantine/core';
import type { AdminUser } from '@tokenwise/contracts';
import { DeleteRowAction } from '../../../components/delete-row-action.tsx';
import { WideTable } from '../../../components/wide-table.tsx';
import { formatDate } from '../../../lib/format.ts';

interface UserTableProps {
  users: AdminUser[];
  deletingId: string | null;
  onDelete: (user: AdminUser) => void;
}

export function UserTable({ users, deletingId, onDelete }: UserTableProps) {
  return (
    <WideTable minWidth={620}>
      <Table verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="user-row">
              <Table.Td>
                <Text fw={500}>{user.email}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {user.id}
                </Text>
              </Table.Td>
              <Table.Td>
                {user.is_superadmin ? (
                  <Badge color="red" variant="light">
                    Superadmin
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    User
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatDate(user.created_at)}</Table.Td>
              <DeleteRowAction
                label={`Delete ${user.email}`}
                tooltip="Delete user"
                deleting={deletingId === user.id}
                onDelete={() => onDelete(user)}
              />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
