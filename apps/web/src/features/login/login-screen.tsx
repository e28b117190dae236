import { Anchor, Checkbox, Divider, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { EmailField, PasswordField } from '../../components/auth-fields.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useLogin } from './api/login.ts';
import { loginErrorMessage, loginWaitMessage } from './login-error.ts';
import { SsoSignIn } from './sso-sign-in.tsx';

export function LoginScreen() {
  const navigate = useNavigate();
  const login = useLogin();
  const wait = login.isError ? loginWaitMessage(login.error) : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Shown because users expect it; the login call has no such field (sessions last as long as the
  // server allows), so the value goes nowhere.
  const [rememberMe, setRememberMe] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          const next = answer.password_reset_required ? '/change-password' : '/dashboard';
          void navigate(next, { replace: true });
        },
      },
    );
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your dashboard.">
      <form onSubmit={submit}>
        <Stack>
          <FormError
            message={login.isError ? loginErrorMessage(login.error) : null}
            detail={wait}
          />
          <EmailField value={email} onChange={setEmail} />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <Group justify="space-between">
            <Checkbox
              label="Remember me"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <SubmitButton label="Sign in" pendingLabel="Signing in..." pending={login.isPending} />
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <SsoSignIn />
      <Text size="sm" ta="center">
        Don't have an account?{' '}
        <Anchor component={Link} to="/signup">
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
