import { Paper, Stack, Title } from '@mantine/core';
import type { Role, TeamMember } from '@tokenwise/contracts';
import { FormError } from '../../../components/form-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { ROLE_LABELS } from '../../../lib/roles.ts';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useTeam } from '../api/get-team.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { MemberTable } from './member-table.tsx';

interface TeamMembersProps {
  accountId: string;
  me: { userId: string | undefined; role: Role | undefined };
  onSuccess: (message: string) => void;
}

/** The member list with its role and remove controls, and their failures. */
export function TeamMembers({ accountId, me, onSuccess }: TeamMembersProps) {
  const team = useTeam(accountId);
  const changeRole = useChangeMemberRole(accountId);
  const remove = useRemoveMember(accountId);

  function change(member: TeamMember, role: Role) {
    remove.reset();
    changeRole.mutate(
      { userId: member.user_id, role },
      { onSuccess: () => onSuccess(`${member.email} is now ${ROLE_LABELS[role]}.`) },
    );
  }

  function confirmRemove(member: TeamMember) {
    const question = `Remove ${member.email} from the team? They lose access to this account immediately.`;
    if (!window.confirm(question)) return;
    changeRole.reset();
    remove.mutate(member.user_id, {
      onSuccess: () => onSuccess(`${member.email} was removed from the team.`),
    });
  }

  const actionError = changeRole.isError
    ? errorMessage(changeRole.error, 'Failed to update role')
    : remove.isError
      ? errorMessage(remove.error, 'Failed to remove member')
      : null;
  const busyUserId = changeRole.isPending
    ? (changeRole.variables?.userId ?? null)
    : remove.isPending
      ? (remove.variables ?? null)
      : null;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>Team Members{team.data ? ` (${team.data.members.length})` : ''}</Title>
        <FormError message={actionError} />
        {team.isPending ? (
          <PageLoader label="Loading team members..." />
        ) : team.isError ? (
          <LoadError load={team} fallback="Failed to load team members" />
        ) : (
          <MemberTable
            members={team.data.members}
            me={me}
            busyUserId={busyUserId}
            onChangeRole={change}
            onRemove={confirmRemove}
          />
        )}
      </Stack>
    </Paper>
  );
}
