import { Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCurrency, formatNumber } from '../../../lib/format.ts';

export interface PerformanceRow {
  name: string;
  requests: number;
  tokens_saved: number;
  cost_savings: number;
  avg_latency_ms: number;
}

interface PerformanceTableProps {
  title: string;
  /** Header of the first column: "Model" or "Provider". */
  nameLabel: string;
  rows: PerformanceRow[] | undefined;
  failed: boolean;
}

/** Requests, savings and latency per model or per provider over the selected period. */
export function PerformanceTable({ title, nameLabel, rows, failed }: PerformanceTableProps) {
  let body: ReactNode;
  if (failed) body = <Text c="red" size="sm">{`Failed to load ${title.toLowerCase()}`}</Text>;
  else if (!rows)
    body = (
      <Text c="dimmed" size="sm">
        Loading...
      </Text>
    );
  else if (rows.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        No requests in this period.
      </Text>
    );
  else {
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{nameLabel}</Table.Th>
              <Table.Th ta="right">Requests</Table.Th>
              <Table.Th ta="right">Tokens Saved</Table.Th>
              <Table.Th ta="right">Cost Savings</Table.Th>
              <Table.Th ta="right">Avg Latency</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.requests)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.tokens_saved)}</Table.Td>
                <Table.Td ta="right">{formatCurrency(row.cost_savings)}</Table.Td>
                <Table.Td ta="right">{formatNumber(Math.round(row.avg_latency_ms))} ms</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {body}
    </Paper>
  );
}
