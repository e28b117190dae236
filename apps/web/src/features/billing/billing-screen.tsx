import { Stack } from '@mantine/core';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { resolveBillingAccount } from './billing-account.ts';
import { BillingOverview } from './components/billing-overview.tsx';

export function BillingScreen() {
  const account = resolveBillingAccount();
  return (
    <Stack gap="lg">
      <PageHeader title="Billing" />
      {'error' in account ? (
        <FormError message={account.error} />
      ) : (
        <BillingOverview accountId={account.accountId} />
      )}
    </Stack>
  );
}
