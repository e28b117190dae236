import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminAccount } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { SubscriptionDetails } from './subscription-details.tsx';

type AccountMember = AdminAccount['members'][number];

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

const MEMBER_COLUMNS: DataColumn<AccountMember>[] = [
  { label: 'Email', card: 'title', cell: (member) => member.email },
  { label: 'Joined', td: NO_WRAP, cell: (member) => formatDate(member.joined_at) },
  { label: 'Role', td: NO_WRAP, card: 'badge', cell: (member) => <RoleBadge role={member.role} /> },
];

/** An expanded card: its members, and its subscription with the usage bar. */
export function AccountDetails({ account }: { account: AdminAccount }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="xs">
        <Title order={4}>Members</Title>
        {account.members.length === 0 ? (
          <Text size="sm" c="dimmed">
            No members
          </Text>
        ) : (
          <DataTable
            label={`Members of ${account.name}`}
            rows={account.members}
            columns={MEMBER_COLUMNS}
            rowKey={(member) => member.user_id}
            minWidth={420}
            verticalSpacing={4}
          />
        )}
      </Stack>
      <SubscriptionDetails account={account} />
    </SimpleGrid>
  );
}
