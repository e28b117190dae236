import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Table, Text, Title } from '@mantine/core';
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
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
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
          <Table mt="md" verticalSpacing="xs" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{column}</Table.Th>
                <Table.Th ta="right">Entries</Table.Th>
                <Table.Th ta="right">Tokens Saved</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((row) => (
                <Table.Tr key={row.name}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td ta="right">{formatNumber(row.entries)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(row.tokens_saved)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Paper>
  );
}
