import { Button, Code, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { getAuthToken } from '../../lib/session.ts';

/**
 * An address the route table does not know (a mistyped or stale link). It says so instead of
 * quietly landing somewhere else, and offers the one way back that works for this visitor.
 */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  const signedIn = getAuthToken() !== null;
  return (
    <AuthCard title="Page not found">
      <Text c="dimmed" ta="center">
        There is no page at <Code>{pathname}</Code>. The link may be mistyped or out of date.
      </Text>
      <Button component={Link} to={signedIn ? '/dashboard' : '/login'}>
        {signedIn ? 'Back to Dashboard' : 'Go to Sign in'}
      </Button>
    </AuthCard>
  );
}
