import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { InviteResponse, Role } from '@tokenwise/contracts';
import { type FormEvent, useState } from 'react';
import { MutationError } from '../../../components/form-error.tsx';
import { useInviteMember } from '../api/invite-member.ts';
import { assignableRoles } from '../team-roles.ts';
import { RoleSelect } from './role-select.tsx';

interface InviteFormProps {
  accountId: string;
  myRole: Role;
  onInvited: (answer: InviteResponse) => void;
}

/** Email and role (member by default); the owner option only for owners. */
export function InviteForm({ accountId, myRole, onInvited }: InviteFormProps) {
  const invite = useInviteMember(accountId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (answer) => {
          setEmail('');
          setRole('member');
          onInvited(answer);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={submit} aria-label="Invite a team member">
        <Stack gap="sm">
          <Title order={3}>Invite Team Member</Title>
          <MutationError mutation={invite} fallback="Failed to invite member" />
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Email"
              type="email"
              required
              placeholder="colleague@example.com"
              maxLength={254}
              style={{ flex: '1 1 240px' }}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <RoleSelect
              label="Role"
              roles={assignableRoles(myRole)}
              value={role}
              onChange={setRole}
            />
            <Button
              type="submit"
              leftSection={<IconUserPlus size={16} />}
              loading={invite.isPending}
            >
              Send Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
