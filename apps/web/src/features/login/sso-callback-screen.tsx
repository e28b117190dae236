import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useExchangeSsoCode } from './api/sso.ts';

/** The ACS's answer rides in the fragment (never sent to a server): a code, or the refusal. */
function readFragment(): { code: string | null; error: string | null } {
  const fields = new URLSearchParams(window.location.hash.slice(1));
  return { code: fields.get('code'), error: fields.get('error') };
}

/** /login/sso: trades the one-time code for a session, or shows why the IdP's answer was refused. */
export function SsoCallbackScreen() {
  const navigate = useNavigate();
  const exchange = useExchangeSsoCode();
  const fragment = useRef(readFragment()).current;
  const started = useRef(false);
  // `mutate` keeps its identity across renders (the mutation object does not), so the effect runs
  // once rather than on every render.
  const { mutate } = exchange;

  useEffect(() => {
    // The code works once: clear it from the address bar and history before anything else.
    window.history.replaceState(null, '', window.location.pathname);
    if (started.current || !fragment.code) return;
    started.current = true;
    mutate(fragment.code, {
      onSuccess: () => void navigate('/dashboard', { replace: true }),
    });
  }, [mutate, fragment.code, navigate]);

  const problem =
    fragment.error ?? (fragment.code ? null : 'This page is reached from your identity provider.');
  const failed = exchange.isError
    ? errorMessage(exchange.error, 'Single sign-on failed. Sign in again.')
    : null;
  return (
    <AuthCard title="Single sign-on" subtitle="Signing you in through your identity provider.">
      <Stack>
        <FormError message={problem ?? failed} />
        {problem || failed ? (
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to sign in
            </Anchor>
          </Text>
        ) : (
          <Loader mx="auto" aria-label="Signing in" />
        )}
      </Stack>
    </AuthCard>
  );
}
