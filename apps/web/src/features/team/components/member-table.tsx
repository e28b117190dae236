import { Badge, Group, Table, Text } from '@mantine/core';
import type { Role, TeamMember } from '@tokenwise/contracts';
import { DeleteRowAction } from '../../../components/delete-row-action.tsx';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { WideTable } from '../../../components/wide-table.tsx';
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
  return (
    <WideTable minWidth={manager ? 600 : 440}>
      <Table verticalSpacing="sm" aria-label="Team members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
            {manager ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const controls = hasMemberControls(member, me);
            return (
              <Table.Tr key={member.user_id} data-testid="member-row">
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500}>{member.email}</Text>
                    {member.user_id === me.userId ? (
                      <Badge size="xs" variant="outline" color="gray">
                        You
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {controls ? (
                    <RoleSelect
                      ariaLabel={`Role for ${member.email}`}
                      roles={assignableRoles(me.role)}
                      value={member.role}
                      disabled={busyUserId === member.user_id}
                      onChange={(role) => onChangeRole(member, role)}
                    />
                  ) : (
                    <RoleBadge role={member.role} />
                  )}
                </Table.Td>
                <Table.Td>{formatDate(member.created_at)}</Table.Td>
                {!manager ? null : controls ? (
                  <DeleteRowAction
                    label={`Remove ${member.email}`}
                    tooltip="Remove from team"
                    deleting={busyUserId === member.user_id}
                    onDelete={() => onRemove(member)}
                  />
                ) : (
                  <Table.Td />
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
