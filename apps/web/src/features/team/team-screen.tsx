import { Paper, Stack, Text } from '@mantine/core';
import type { InviteResponse } from '@tokenwise/contracts';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { SuccessNotice } from '../../components/success-notice.tsx';
import { useFlashMessage } from '../../components/use-flash-message.ts';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { useTeam } from './api/get-team.ts';
import { InviteForm } from './components/invite-form.tsx';
import { RoleLegend } from './components/role-legend.tsx';
import { TeamMembers } from './components/team-members.tsx';
import { TemporaryPasswordNotice } from './components/temporary-password-notice.tsx';
import { inviteNotice } from './invite-notice.ts';
import { canManageTeam } from './team-roles.ts';

interface NewUserPassword {
  email: string;
  password: string;
}

export function TeamScreen() {
  const user = getStoredUser();
  const account = activeAccount(user);
  const team = useTeam(account?.id);
  const flash = useFlashMessage();
  const [newPassword, setNewPassword] = useState<NewUserPassword | null>(null);

  function invited(answer: InviteResponse) {
    const notice = inviteNotice(answer);
    flash.show(notice.text, notice.durationMs);
    setNewPassword(
      answer.temporary_password
        ? { email: answer.member.email, password: answer.temporary_password }
        : null,
    );
  }

  if (!account) {
    return (
      <Stack gap="lg">
        <PageHeader title="Team" />
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed">You are not a member of any account.</Text>
        </Paper>
      </Stack>
    );
  }

  // The list says what the role is now; the stored one dates from sign-in (a promotion since then
  // shows at once). The server checks every change either way.
  const role = team.data?.members.find((m) => m.user_id === user?.id)?.role ?? account.role;
  const me = { userId: user?.id, role };
  return (
    <Stack gap="lg">
      <PageHeader title="Team" description={`The people who work in ${account.name}.`} />
      <SuccessNotice message={flash.message} />
      {newPassword ? (
        <TemporaryPasswordNotice
          email={newPassword.email}
          password={newPassword.password}
          onDismiss={() => setNewPassword(null)}
        />
      ) : null}
      {canManageTeam(role) ? (
        <InviteForm accountId={account.id} myRole={role} onInvited={invited} />
      ) : null}
      <TeamMembers accountId={account.id} me={me} onSuccess={(text) => flash.show(text)} />
      <RoleLegend />
    </Stack>
  );
}
