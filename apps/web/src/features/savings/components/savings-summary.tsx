import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Savings } from '@tokenwise/contracts';
import type { ReactNode } from 'react';
import { formatCurrency, formatNumber, formatPercent } from '../../../lib/format.ts';
import { totalSavingsNote } from '../savings-method.ts';

function SummaryCard({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The period's savings figures; the 95% interval sits beside the total when the A/B sample allows one. */
export function SavingsSummary({ summary }: { summary: Savings['summary'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      <SummaryCard
        label="Total Savings"
        value={formatCurrency(summary.total_savings)}
        note={totalSavingsNote(summary)}
      />
      <SummaryCard
        label="Savings Rate"
        value={formatPercent(summary.savings_percentage)}
        note="Total savings / cost without optimization"
      />
      <SummaryCard
        label="Tokens Saved"
        value={formatNumber(summary.tokens_saved)}
        note="Prompt tokens removed, plus whole calls answered from cache"
      />
      <SummaryCard
        label="Cost Without Optimization"
        value={formatCurrency(summary.total_cost_without_optimization)}
      />
      <SummaryCard
        label="Cost With Optimization"
        value={formatCurrency(summary.total_cost_with_optimization)}
      />
      <SummaryCard
        label="Samples"
        value={`${formatNumber(summary.baseline_samples)} / ${formatNumber(summary.optimized_samples)}`}
        note="Baseline / optimized requests"
      />
    </SimpleGrid>
  );
}
