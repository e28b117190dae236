import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useLogin } from './api/login.ts';
import { loginErrorMessage } from './login-error.ts';

export function LoginScreen() {
  const navigate = useNavigate();
  const login = useLogin();
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
          <FormError message={login.isError ? loginErrorMessage(login.error) : null} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
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
          <Button type="submit" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Don't have an account?{' '}
        <Anchor component={Link} to="/signup">
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
