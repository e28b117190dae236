import { Paper, Stack } from '@mantine/core';
import type { AdminUser } from '@tokenwise/contracts';
import { MutationError } from '../../components/form-error.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SuccessNotice } from '../../components/success-notice.tsx';
import { useFlashMessage } from '../../components/use-flash-message.ts';
import { useServerSearch } from '../../components/use-server-search.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useDeleteAdminUser } from './api/delete-admin-user.ts';
import { useAdminUsers } from './api/get-admin-users.ts';
import { UserTable } from './components/user-table.tsx';

const DELETE_USER_CONFIRM =
  'Are you sure you want to delete this user? This action cannot be undone.';

export function AdminUsersScreen() {
  const search = useServerSearch();
  const users = useAdminUsers(search.query);
  const remove = useDeleteAdminUser();
  const flash = useFlashMessage();

  if (isApiError(users.error) && users.error.status === 403) return <NotAuthorised />;

  function confirmDelete(user: AdminUser) {
    if (!window.confirm(DELETE_USER_CONFIRM)) return;
    flash.hide();
    remove.mutate(user.id, { onSuccess: () => flash.show('User deleted successfully') });
  }

  return (
    <Stack gap="lg">
      <PageHeader title="User Management" description="Every user of the platform." />
      <SuccessNotice message={flash.message} />
      <MutationError mutation={remove} fallback="Failed to delete user" />
      <SearchBox placeholder="Search by email..." value={search.text} onChange={search.setText} />
      <Paper withBorder radius="md" p="md">
        <PagedList
          pages={users}
          noun="users"
          loadingLabel="Loading users..."
          emptyText="No users found"
          errorText="Failed to load users. Please try again."
        >
          {(rows) => (
            <UserTable
              users={rows}
              deletingId={remove.isPending ? remove.variables : null}
              onDelete={confirmDelete}
            />
          )}
        </PagedList>
      </Paper>
    </Stack>
  );
}
