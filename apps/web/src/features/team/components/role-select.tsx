import { NativeSelect } from '@mantine/core';
import type { Role } from '@tokenwise/contracts';
import { ROLE_LABELS } from '../../../lib/roles.ts';

interface RoleSelectProps {
  roles: readonly Role[];
  value: Role;
  onChange: (role: Role) => void;
  label?: string;
  /** The name for screen readers when there is no visible label ('Role for ada@example.com'). */
  ariaLabel?: string;
  disabled?: boolean;
}

/** A native select: on phones it opens the system picker, and it needs no portal or overlay. */
export function RoleSelect({
  roles,
  value,
  onChange,
  label,
  ariaLabel,
  disabled,
}: RoleSelectProps) {
  return (
    <NativeSelect
      label={label}
      aria-label={ariaLabel}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as Role)}
      data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
    />
  );
}
