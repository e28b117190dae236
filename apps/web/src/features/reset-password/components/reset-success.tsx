import { Anchor } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice.tsx';

export function ResetSuccess() {
  return (
    <>
      <Notice color="green" icon={IconCircleCheck} title="Password Reset Successful">
        Your password has been changed. Taking you to the sign-in page...
      </Notice>
      <Anchor component={Link} to="/login" ta="center" size="sm">
        Go to Login
      </Anchor>
    </>
  );
}
