import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { Panel } from '../../../components/panel.tsx';
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
      <DataTable
        label={title}
        rows={rows}
        columns={performanceColumns(nameLabel)}
        rowKey={(row) => row.name}
        minWidth={480}
        verticalSpacing="xs"
      />
    );
  }
  return <Panel title={title}>{body}</Panel>;
}

function performanceColumns(nameLabel: string): DataColumn<PerformanceRow>[] {
  return [
    { label: nameLabel, card: 'title', cell: (row) => row.name },
    { label: 'Requests', numeric: true, cell: (row) => formatNumber(row.requests) },
    { label: 'Tokens Saved', numeric: true, cell: (row) => formatNumber(row.tokens_saved) },
    { label: 'Cost Savings', numeric: true, cell: (row) => formatCurrency(row.cost_savings) },
    {
      label: 'Avg Latency',
      numeric: true,
      cell: (row) => `${formatNumber(Math.round(row.avg_latency_ms))} ms`,
    },
  ];
}
