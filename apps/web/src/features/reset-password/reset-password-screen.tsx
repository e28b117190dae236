import { Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { NewPasswordFields } from '../../components/auth-fields.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { validateNewPassword } from '../../lib/new-password.ts';
import { useResetPassword } from './api/reset-password.ts';
import { MissingToken } from './components/missing-token.tsx';
import { ResetSuccess } from './components/reset-success.tsx';
import { resetErrorMessage } from './reset-password-rules.ts';

/** Long enough to read the success notice (spec section 9). */
const REDIRECT_AFTER_MS = 2000;

export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(
      () => void navigate('/login', { replace: true }),
      REDIRECT_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    setFormError(problem);
    if (!problem) reset.mutate({ token, new_password: password });
  }

  if (!token) {
    return (
      <AuthCard title="Reset Password">
        <MissingToken />
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title="Reset Password">
        <ResetSuccess />
      </AuthCard>
    );
  }

  const shownError = formError ?? (reset.isError ? resetErrorMessage(reset.error) : null);
  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit}>
        <Stack>
          <FormError message={shownError} />
          <NewPasswordFields
            label="New Password"
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
          />
          <SubmitButton
            label="Reset Password"
            pendingLabel="Resetting..."
            pending={reset.isPending}
          />
        </Stack>
      </form>
    </AuthCard>
  );
}
