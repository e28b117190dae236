import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useDiscoverSso } from './api/sso.ts';

/** 'Single sign-on (SSO)': finds the account's identity provider and leaves for it. */
export function SsoSignIn() {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const discover = useDiscoverSso();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    discover.mutate(value, {
      // A full navigation: the server answers with a redirect to the identity provider.
      onSuccess: (answer) => window.location.assign(answer.login_url),
    });
  }

  if (!open) {
    return (
      <Button variant="default" fullWidth onClick={() => setOpen(true)}>
        Single sign-on (SSO)
      </Button>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Single sign-on (SSO)">
      <Stack gap="sm">
        <FormError
          message={
            discover.isError
              ? errorMessage(discover.error, 'Single sign-on is not available right now')
              : null
          }
        />
        <TextInput
          label="Work email or account ID"
          placeholder="you@company.com"
          autoComplete="email"
          required
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Button type="submit" variant="default" fullWidth loading={discover.isPending}>
          Continue with SSO
        </Button>
      </Stack>
    </form>
  );
}
