import { Badge, Group, Text } from '@mantine/core';
import type { Role, TeamMember } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { deleteColumn } from '../../../components/delete-row-action.tsx';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { assignableRoles, canManageTeam, hasMemberControls } from '../team-roles.ts';
import { RoleSelect } from './role-select.tsx';

interface MemberTableProps {
  members: TeamMember[];
  me: { userId: string | undefined; role: Role | undefined };
  /** The member whose role change or removal is in flight. */
  busyUserId: string | null;
  onChangeRole: (member: TeamMember, role: Role) => void;
  onRemove: (member: TeamMember) => void;
}

export function MemberTable({ members, me, busyUserId, onChangeRole, onRemove }: MemberTableProps) {
  const manager = canManageTeam(me.role);
  const columns: DataColumn<TeamMember>[] = [
    {
      label: 'Email',
      card: 'title',
      cell: (member) => (
        <Group gap={6}>
          <Text fw={500}>{member.email}</Text>
          {member.user_id === me.userId ? (
            <Badge size="xs" variant="outline" color="gray">
              You
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      label: 'Role',
      cell: (member) =>
        hasMemberControls(member, me) ? (
          <RoleSelect
            ariaLabel={`Role for ${member.email}`}
            roles={assignableRoles(me.role)}
            value={member.role}
            disabled={busyUserId === member.user_id}
            onChange={(role) => onChangeRole(member, role)}
          />
        ) : (
          <RoleBadge role={member.role} />
        ),
    },
    { label: 'Joined', cell: (member) => formatDate(member.created_at) },
  ];
  if (manager) {
    columns.push(
      deleteColumn({
        label: (member) => `Remove ${member.email}`,
        tooltip: 'Remove from team',
        deleting: (member) => busyUserId === member.user_id,
        onDelete: onRemove,
        allowed: (member) => hasMemberControls(member, me),
      }),
    );
  }
  return (
    <DataTable
      label="Team members"
      rows={members}
      columns={columns}
      rowKey={(member) => member.user_id}
      minWidth={manager ? 600 : 440}
      rowTestId="member-row"
    />
  );
}
