import { Anchor, List, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice.tsx';

/** Worded so it never confirms that an account exists for the address. */
export function CheckEmailPanel({ email }: { email: string }) {
  return (
    <>
      <Notice color="green" icon={IconMailCheck} title="Check Your Email">
        <Text size="sm">
          If an account exists for <strong>{email}</strong>, a password reset link has been sent to
          it.
        </Text>
        <List size="sm" mt="xs">
          <List.Item>The link expires in 1 hour.</List.Item>
          <List.Item>If you don't see the email, check your spam folder.</List.Item>
        </List>
      </Notice>
      <Anchor component={Link} to="/login" ta="center" size="sm">
        Back to Login
      </Anchor>
    </>
  );
}
