import { Alert, Anchor } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

export function ResetSuccess() {
  return (
    <>
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        title="Password Reset Successful"
      >
        Your password has been changed. Taking you to the sign-in page...
      </Alert>
      <Anchor component={Link} to="/login" ta="center" size="sm">
        Go to Login
      </Anchor>
    </>
  );
}
