import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';

export function MissingToken() {
  return (
    <>
      <FormError message="Invalid or missing reset token" />
      <Anchor component={Link} to="/forgot-password" ta="center" size="sm">
        Request a new reset link
      </Anchor>
    </>
  );
}
