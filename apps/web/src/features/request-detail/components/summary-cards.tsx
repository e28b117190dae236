import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { RequestDetail } from '@tokenwise/contracts';
import type { ReactNode } from 'react';
import { DateTime } from '../../../components/date-time.tsx';
import { formatCurrency, formatNumber } from '../../../lib/format.ts';

/** Request costs are fractions of a cent, so this screen shows 4 decimals (spec section 9). */
const COST_DECIMALS = 4;

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      <Text span fw={600} size="sm">
        {value}
      </Text>
    </Text>
  );
}

export function SummaryCards({ request }: { request: RequestDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Card label="Provider & Model">
        <Text fw={700}>{request.provider}</Text>
        <Text size="sm" c="dimmed">
          {request.model}
        </Text>
      </Card>
      <Card label="Tokens">
        <Line label="Saved" value={formatNumber(request.tokens_saved)} />
        <Line label="In" value={formatNumber(request.tokens_in)} />
        <Line label="Out" value={formatNumber(request.tokens_out)} />
      </Card>
      <Card label="Cost">
        <Line label="Saved" value={formatCurrency(request.cost_saved, COST_DECIMALS)} />
        <Line label="Actual" value={formatCurrency(request.actual_cost, COST_DECIMALS)} />
      </Card>
      <Card label="Latency">
        <Text fw={700}>{formatNumber(request.latency_ms)} ms</Text>
        <Text size="sm" c="dimmed">
          <DateTime value={request.created_at} />
        </Text>
      </Card>
    </SimpleGrid>
  );
}
