import { Accordion } from '@mantine/core';
import type { AdminAccount } from '@tokenwise/contracts';
import { AccountDetails } from './account-details.tsx';
import { AccountSummary } from './account-summary.tsx';

/** One collapsible card per account, all collapsed at first; several may be open at once. */
export function AccountCards({ accounts }: { accounts: AdminAccount[] }) {
  return (
    <Accordion multiple variant="separated" radius="md" chevronPosition="right">
      {accounts.map((account) => (
        <Accordion.Item key={account.id} value={account.id} data-testid="account-card">
          <Accordion.Control>
            <AccountSummary account={account} />
          </Accordion.Control>
          <Accordion.Panel>
            <AccountDetails account={account} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
