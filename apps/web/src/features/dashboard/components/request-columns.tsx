import { ActionIcon, Anchor, Badge, Group } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { RecentRequest } from '@tokenwise/contracts';
import { Link } from 'react-router';
import type { DataColumn } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { formatNumber } from '../../../lib/format.ts';

/**
 * The columns of the request list. `isOpen`/`toggle` drive the chevron that opens a request's
 * original and optimized text underneath it.
 */
export function requestColumns(
  isOpen: (request: RecentRequest) => boolean,
  toggle: (request: RecentRequest) => void,
): DataColumn<RecentRequest>[] {
  return [
    {
      label: 'Texts',
      hideLabel: true,
      card: 'action',
      cell: (request) => (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-expanded={isOpen(request)}
          aria-label={isOpen(request) ? 'Hide texts' : 'Show texts'}
          onClick={() => toggle(request)}
        >
          {isOpen(request) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </ActionIcon>
      ),
    },
    { label: 'Provider', cell: (request) => request.provider },
    { label: 'Model', card: 'title', cell: (request) => request.model },
    { label: 'Tokens Used', cell: (request) => formatNumber(request.tokens) },
    { label: 'Tokens Saved', cell: (request) => formatNumber(request.saved) },
    { label: 'Latency', cell: (request) => `${formatNumber(request.latency_ms)} ms` },
    { label: 'Time', cell: (request) => <DateTime value={request.time} /> },
    {
      label: 'Flags',
      hideLabel: true,
      card: 'badge',
      cell: (request) => <RequestFlags request={request} />,
    },
    {
      label: 'Details',
      hideLabel: true,
      card: 'action',
      cell: (request) => (
        <Anchor component={Link} to={`/requests/${encodeURIComponent(request.id)}`} size="sm">
          View Details
        </Anchor>
      ),
    },
  ];
}

function RequestFlags({ request }: { request: RecentRequest }) {
  return (
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
  );
}
