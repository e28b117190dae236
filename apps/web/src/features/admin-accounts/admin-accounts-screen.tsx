import { Stack, Text } from '@mantine/core';
import { FormError } from '../../components/form-error.tsx';
import { ListFooter } from '../../components/list-footer.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useServerSearch } from '../../components/use-server-search.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { listTotal, loadedItems } from '../../lib/offset-pages.ts';
import { useAdminAccounts } from './api/get-admin-accounts.ts';
import { AccountCards } from './components/account-cards.tsx';

export function AdminAccountsScreen() {
  const search = useServerSearch();
  const accounts = useAdminAccounts(search.query);

  if (isApiError(accounts.error) && accounts.error.status === 403) return <NotAuthorised />;

  const cards = loadedItems(accounts.data);
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
      <FormError
        message={
          accounts.isError
            ? errorMessage(accounts.error, 'Failed to load accounts. Please try again.')
            : null
        }
      />
      {accounts.isPending ? (
        <PageLoader label="Loading accounts..." />
      ) : accounts.data ? (
        <Stack gap="sm">
          {cards.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              No accounts found
            </Text>
          ) : (
            <AccountCards accounts={cards} />
          )}
          <ListFooter
            shown={cards.length}
            total={listTotal(accounts.data)}
            noun="accounts"
            hasMore={accounts.hasNextPage}
            loadingMore={accounts.isFetchingNextPage}
            onLoadMore={() => void accounts.fetchNextPage()}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
