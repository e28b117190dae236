import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
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
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" ta="center" size="sm">
        Back to Login
      </Anchor>
    </AuthCard>
  );
}
