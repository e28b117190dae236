import { ActionIcon, Anchor, Badge, Group, Table } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { RecentRequest } from '@tokenwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/date-time.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { RequestTexts } from './request-texts.tsx';

/** Header labels; `hidden` ones name a column for screen readers only. */
export const REQUEST_COLUMNS: ReadonlyArray<{ label: string; hidden?: boolean }> = [
  { label: 'Texts', hidden: true },
  { label: 'Provider' },
  { label: 'Model' },
  { label: 'Tokens Used' },
  { label: 'Tokens Saved' },
  { label: 'Latency' },
  { label: 'Time' },
  { label: 'Flags', hidden: true },
  { label: 'Details', hidden: true },
];

/** One logged request; the chevron opens its original and optimized text underneath. */
export function RequestRow({ request }: { request: RecentRequest }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Tr data-testid="request-row">
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={open}
            aria-label={open ? 'Hide texts' : 'Show texts'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>{request.provider}</Table.Td>
        <Table.Td>{request.model}</Table.Td>
        <Table.Td>{formatNumber(request.tokens)}</Table.Td>
        <Table.Td>{formatNumber(request.saved)}</Table.Td>
        <Table.Td>{formatNumber(request.latency_ms)} ms</Table.Td>
        <Table.Td>
          <DateTime value={request.time} />
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            {request.cache_hit ? (
              <Badge color="teal" variant="light" size="sm">
                CACHE HIT
              </Badge>
            ) : null}
            {request.status === 'error' ? (
              <Badge color="red" variant="light" size="sm">
                Error
              </Badge>
            ) : null}
          </Group>
        </Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/requests/${encodeURIComponent(request.id)}`} size="sm">
            View Details
          </Anchor>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td colSpan={REQUEST_COLUMNS.length}>
            <RequestTexts request={request} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
