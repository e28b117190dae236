import { Anchor, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { EmailField } from '../../components/auth-fields.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useRequestPasswordReset } from './api/request-password-reset.ts';
import { CheckEmailPanel } from './components/check-email-panel.tsx';

export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email });
  }

  if (request.isSuccess) {
    return (
      <AuthCard title="Forgot Password">
        <CheckEmailPanel email={request.variables.email} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your email and we'll send you a link to reset your password."
    >
      <form onSubmit={submit}>
        <Stack>
          <FormError
            message={
              request.isError
                ? errorMessage(request.error, 'Something went wrong. Please try again.')
                : null
            }
          />
          <EmailField value={email} onChange={setEmail} />
          <SubmitButton
            label="Send Reset Link"
            pendingLabel="Sending..."
            pending={request.isPending}
          />
        </Stack>
      </form>
      <Anchor component={Link} to="/login" ta="center" size="sm">
        Back to Login
      </Anchor>
    </AuthCard>
  );
}
