import { Stack } from '@mantine/core';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useServerSearch } from '../../components/use-server-search.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useAdminAccounts } from './api/get-admin-accounts.ts';
import { AccountCards } from './components/account-cards.tsx';

export function AdminAccountsScreen() {
  const search = useServerSearch();
  const accounts = useAdminAccounts(search.query);

  if (isApiError(accounts.error) && accounts.error.status === 403) return <NotAuthorised />;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Account Management"
        description="Every account: members, subscription and this period's usage."
      />
      <SearchBox
        placeholder="Search by account name or member email..."
        value={search.text}
        onChange={search.setText}
      />
      <PagedList
        pages={accounts}
        noun="accounts"
        loadingLabel="Loading accounts..."
        emptyText="No accounts found"
        errorText="Failed to load accounts. Please try again."
      >
        {(cards) => <AccountCards accounts={cards} />}
      </PagedList>
    </Stack>
  );
}
