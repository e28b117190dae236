import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { activeAccount, getAuthToken, getStoredUser } from '../../lib/session.ts';
import { useChangePassword } from './api/change-password.ts';
import {
  canChangePassword,
  changePasswordErrorMessage,
  READ_ONLY_MESSAGE,
  validatePasswordChange,
} from './change-password-rules.ts';

export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const allowed = canChangePassword(activeAccount(getStoredUser())?.role);

  // Public in the route table, but the call needs a session: without one there is nothing to change.
  if (!getAuthToken()) return <Navigate to="/login" replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = allowed
      ? validatePasswordChange({ current, next, confirm })
      : READ_ONLY_MESSAGE;
    setFormError(problem);
    if (problem) return;
    change.mutate(
      { current_password: current, new_password: next },
      { onSuccess: () => void navigate('/dashboard', { replace: true }) },
    );
  }

  const shownError =
    (allowed ? null : READ_ONLY_MESSAGE) ??
    formError ??
    (change.isError ? changePasswordErrorMessage(change.error) : null);

  return (
    <AuthCard
      title="Change Password"
      subtitle="If you signed in with a temporary password, choose your own now."
    >
      <form onSubmit={submit}>
        <Stack>
          <FormError message={shownError} />
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            disabled={!allowed}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordInput
            label="New Password"
            description="Must be at least 8 characters long"
            autoComplete="new-password"
            required
            disabled={!allowed}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            disabled={!allowed}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth disabled={!allowed || change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
