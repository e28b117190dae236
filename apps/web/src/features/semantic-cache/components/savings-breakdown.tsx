import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { Panel } from '../../../components/panel.tsx';
import { formatNumber } from '../../../lib/format.ts';

export interface BreakdownRow {
  name: string;
  entries: number;
  tokens_saved: number;
}

/** Tokens saved by cached entries, per provider or per model: a bar each, then the figures. */
export function SavingsBreakdown({
  title,
  column,
  rows,
}: {
  title: string;
  column: string;
  rows: BreakdownRow[];
}) {
  const sorted = [...rows].sort((a, b) => b.tokens_saved - a.tokens_saved);
  return (
    <Panel title={title}>
      {sorted.length === 0 ? (
        <Text c="dimmed" size="sm">
          No cached entries yet.
        </Text>
      ) : (
        <>
          <BarChart
            h={Math.max(120, sorted.length * 36)}
            data={sorted}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            valueFormatter={formatNumber}
            series={[{ name: 'tokens_saved', label: 'Tokens saved', color: 'teal.6' }]}
          />
          <Box mt="md">
            <DataTable
              label={title}
              rows={sorted}
              columns={breakdownColumns(column)}
              rowKey={(row) => row.name}
              minWidth={320}
              verticalSpacing="xs"
            />
          </Box>
        </>
      )}
    </Panel>
  );
}

function breakdownColumns(nameLabel: string): DataColumn<BreakdownRow>[] {
  return [
    { label: nameLabel, card: 'title', cell: (row) => row.name },
    { label: 'Entries', numeric: true, cell: (row) => formatNumber(row.entries) },
    { label: 'Tokens Saved', numeric: true, cell: (row) => formatNumber(row.tokens_saved) },
  ];
}
