import { PasswordInput, TextInput } from '@mantine/core';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The required 'Email' field of the signed-out forms, filled in by the browser's autofill. */
export function EmailField({ value, onChange }: EmailFieldProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

interface PasswordFieldProps {
  label: string;
  /** 'current-password' to fill in a saved one, 'new-password' to offer a generated one. */
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  description?: string;
  disabled?: boolean;
}

/** A required password field with a show/hide toggle. */
export function PasswordField({ onChange, ...props }: PasswordFieldProps) {
  return <PasswordInput required {...props} onChange={(e) => onChange(e.currentTarget.value)} />;
}

interface NewPasswordFieldsProps {
  /** 'Password' at sign-up, 'New Password' where there is an old one; the second field confirms it. */
  label: 'Password' | 'New Password';
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  disabled?: boolean;
}

/** A new password and its confirmation, each offered a browser-generated password. */
export function NewPasswordFields({
  label,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  disabled,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label}
        description="Must be at least 8 characters long"
        autoComplete="new-password"
        disabled={disabled}
        value={password}
        onChange={onPasswordChange}
      />
      <PasswordField
        label={`Confirm ${label}`}
        autoComplete="new-password"
        disabled={disabled}
        value={confirm}
        onChange={onConfirmChange}
      />
    </>
  );
}
