import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { EmailField, NewPasswordFields } from '../../components/auth-fields.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { validateNewPassword } from '../../lib/new-password.ts';
import { useSignup } from './api/signup.ts';
import { TermsLabel } from './components/terms-label.tsx';
import { signupErrorMessage } from './signup-error.ts';

export function SignupScreen() {
  const navigate = useNavigate();
  const signup = useSignup();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    setFormError(problem);
    if (problem) return;
    signup.mutate(
      { email, password },
      { onSuccess: () => void navigate('/dashboard', { replace: true }) },
    );
  }

  const shownError = formError ?? (signup.isError ? signupErrorMessage(signup.error) : null);

  return (
    <AuthCard title="Create your account" subtitle="Start saving on every model call.">
      <form onSubmit={submit}>
        <Stack>
          <FormError message={shownError} />
          <EmailField value={email} onChange={setEmail} />
          <NewPasswordFields
            label="Password"
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
          />
          <Checkbox
            label={<TermsLabel />}
            required
            checked={acceptedTerms}
            onChange={(e) => setAcceptedTerms(e.currentTarget.checked)}
          />
          <SubmitButton
            label="Create Account"
            pendingLabel="Creating account..."
            pending={signup.isPending}
          />
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
