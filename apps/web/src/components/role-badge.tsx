import { Badge } from '@mantine/core';
import type { Role } from '@tokenwise/contracts';
import { ROLE_LABELS } from '../lib/roles.ts';

const ROLE_COLORS: Record<Role, string> = {
  owner: 'violet',
  admin: 'indigo',
  member: 'teal',
  read_only: 'gray',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="light">
      {ROLE_LABELS[role]}
    </Badge>
  );
}
