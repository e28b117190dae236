import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { Savings } from '@tokenwise/contracts';
import {
  chartAxisCurrencyFormatter,
  chartBucketLabel,
  chartCurrencyFormatter,
} from '../../../components/chart-format.ts';
import { Panel } from '../../../components/panel.tsx';
import { hasChartedCosts } from '../chart-days.ts';

/** Per-day cost without optimization against the cost actually paid. */
export function SavingsChart({ data }: { data: Savings['chart_data'] }) {
  const costs = data.flatMap((d) => [d.baseline_cost, d.optimized_cost, d.savings]);
  return (
    <Panel title="Baseline vs Optimized Cost per Day">
      {!hasChartedCosts(data) ? (
        <Text c="dimmed" size="sm">
          No optimized requests with a cost in this period.
        </Text>
      ) : (
        <LineChart
          h={260}
          data={data.map((day) => ({ ...day, label: chartBucketLabel(day.date, 'day') }))}
          dataKey="label"
          withLegend
          withDots={data.length < 40}
          valueFormatter={chartCurrencyFormatter(costs)}
          yAxisProps={{ tickFormatter: chartAxisCurrencyFormatter(costs) }}
          series={[
            { name: 'baseline_cost', label: 'Without optimization', color: 'gray.6' },
            { name: 'optimized_cost', label: 'With optimization', color: 'indigo.6' },
            { name: 'savings', label: 'Savings', color: 'teal.6' },
          ]}
        />
      )}
    </Panel>
  );
}
