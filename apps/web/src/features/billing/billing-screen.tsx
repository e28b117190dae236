import { Stack, Title } from '@mantine/core';
import { FormError } from '../../components/form-error.tsx';
import { resolveBillingAccount } from './billing-account.ts';
import { BillingOverview } from './components/billing-overview.tsx';

export function BillingScreen() {
  const account = resolveBillingAccount();
  return (
    <Stack gap="lg">
      <Title order={2}>Billing</Title>
      {'error' in account ? (
        <FormError message={account.error} />
      ) : (
        <BillingOverview accountId={account.accountId} />
      )}
    </Stack>
  );
}
