import { Badge, Text } from '@mantine/core';
import type { AdminUser } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { deleteColumn } from '../../../components/delete-row-action.tsx';
import { formatDate } from '../../../lib/format.ts';

interface UserTableProps {
  users: AdminUser[];
  deletingId: string | null;
  onDelete: (user: AdminUser) => void;
}

export function UserTable({ users, deletingId, onDelete }: UserTableProps) {
  const columns: DataColumn<AdminUser>[] = [
    {
      label: 'User',
      card: 'title',
      cell: (user) => (
        <>
          <Text fw={500}>{user.email}</Text>
          <Text size="xs" c="dimmed" ff="monospace" fw="normal">
            {user.id}
          </Text>
        </>
      ),
    },
    {
      label: 'Status',
      card: 'badge',
      cell: (user) =>
        user.is_superadmin ? (
          <Badge color="red" variant="light">
            Superadmin
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            User
          </Badge>
        ),
    },
    { label: 'Created', cell: (user) => formatDate(user.created_at) },
    deleteColumn({
      label: (user) => `Delete ${user.email}`,
      tooltip: 'Delete user',
      deleting: (user) => deletingId === user.id,
      onDelete,
    }),
  ];
  return (
    <DataTable
      label="Users"
      rows={users}
      columns={columns}
      rowKey={(user) => user.id}
      minWidth={620}
      rowTestId="user-row"
    />
  );
}
