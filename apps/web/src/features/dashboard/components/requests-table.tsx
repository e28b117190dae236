import type { RecentRequest } from '@tokenwise/contracts';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { requestColumns } from './request-columns.tsx';
import { RequestTexts } from './request-texts.tsx';

/** The request list; a click on a request (or its chevron) opens its texts underneath. */
export function RequestsTable({ requests }: { requests: RecentRequest[] }) {
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (request: RecentRequest) => openIds.has(request.id);
  const toggle = (request: RecentRequest) =>
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(request.id)) next.add(request.id);
      return next;
    });
  return (
    <DataTable
      label="Recent requests"
      rows={requests}
      columns={requestColumns(isOpen, toggle)}
      rowKey={(request) => request.id}
      minWidth={860}
      rowTestId="request-row"
      verticalSpacing="xs"
      expansion={(request) => (isOpen(request) ? <RequestTexts request={request} /> : null)}
      onRowClick={toggle}
    />
  );
}
