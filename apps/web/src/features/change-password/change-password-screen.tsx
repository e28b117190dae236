import { Anchor, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { NewPasswordFields, PasswordField } from '../../components/auth-fields.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useLogout } from '../../components/use-logout.ts';
import {
  getAuthToken,
  getStoredUser,
  isPasswordChangeRequired,
  markPasswordChanged,
} from '../../lib/session.ts';
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
  const allowed = canChangePassword(getStoredUser()?.accounts ?? [], {
    temporaryPassword: isPasswordChangeRequired(),
  });
  const logout = useLogout();
  // Someone on a temporary password is held here (RequireSession), so the dashboard is no way out.
  const heldHere = allowed && isPasswordChangeRequired();

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
      {
        onSuccess: () => {
          markPasswordChanged();
          void navigate('/dashboard', { replace: true });
        },
      },
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
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            disabled={!allowed}
            value={current}
            onChange={setCurrent}
          />
          <NewPasswordFields
            label="New Password"
            disabled={!allowed}
            password={next}
            confirm={confirm}
            onPasswordChange={setNext}
            onConfirmChange={setConfirm}
          />
          <SubmitButton
            label="Change Password"
            pendingLabel="Changing..."
            pending={change.isPending}
            disabled={!allowed}
          />
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {heldHere ? (
          <Anchor component="button" type="button" onClick={() => void logout()}>
            Log out
          </Anchor>
        ) : (
          <Anchor component={Link} to="/dashboard">
            Back to Dashboard
          </Anchor>
        )}
      </Text>
    </AuthCard>
  );
}
