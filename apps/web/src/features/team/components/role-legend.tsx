import { Paper, Stack, Table, Title } from '@mantine/core';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { ROLE_PERMISSIONS } from '../team-roles.ts';

/** What each role may do (spec section 6). */
export function RoleLegend() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>Role Permissions</Title>
        <Table verticalSpacing="xs" aria-label="Permissions legend">
          <Table.Tbody>
            {ROLE_PERMISSIONS.map(([role, permissions]) => (
              <Table.Tr key={role}>
                <Table.Td w={120}>
                  <RoleBadge role={role} />
                </Table.Td>
                <Table.Td>{permissions}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
