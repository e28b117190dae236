import { Table, VisuallyHidden } from '@mantine/core';
import type { RecentRequest } from '@tokenwise/contracts';
import { REQUEST_COLUMNS, RequestRow } from './request-row.tsx';

export function RequestsTable({ requests }: { requests: RecentRequest[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {REQUEST_COLUMNS.map(({ label, hidden }) => (
              <Table.Th key={label}>
                {hidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
