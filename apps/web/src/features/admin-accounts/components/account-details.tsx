import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AdminAccount } from '@tokenwise/contracts';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { WideTable } from '../../../components/wide-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { SubscriptionDetails } from './subscription-details.tsx';

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
          <WideTable minWidth={420}>
            <Table verticalSpacing={4} aria-label={`Members of ${account.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th>Role</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.members.map((member) => (
                  <Table.Tr key={member.user_id}>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(member.joined_at)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <RoleBadge role={member.role} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
      </Stack>
      <SubscriptionDetails account={account} />
    </SimpleGrid>
  );
}
