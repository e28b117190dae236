import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { AnalyticsResponse } from '@tokenwise/contracts';
import {
  type ChartBucket,
  chartAxisCurrencyFormatter,
  chartBucketLabel,
  chartCurrencyFormatter,
} from '../../../components/chart-format.ts';
import { Panel } from '../../../components/panel.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { ActivityTooltip } from './activity-tooltip.tsx';

type ChartPoint = NonNullable<AnalyticsResponse['chart']>[number];

/**
 * Requests (bars, left axis) and cost savings (line, right axis) per bucket of the period. Two axes
 * because a few cents of savings next to hundreds of requests would otherwise be a flat line.
 */
export function ActivityChart({ points, bucket }: { points: ChartPoint[]; bucket: ChartBucket }) {
  const data = points.map((p) => ({ ...p, label: chartBucketLabel(p.date, bucket) }));
  const savings = points.map((p) => p.cost_savings);
  const dollars = chartCurrencyFormatter(savings);
  return (
    <Panel title="Requests and Savings">
      {data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No activity in this period.
        </Text>
      ) : (
        <CompositeChart
          h={260}
          data={data}
          dataKey="label"
          withLegend
          withRightYAxis
          withDots={false}
          maxBarWidth={32}
          valueFormatter={formatNumber}
          rightYAxisProps={{ tickFormatter: chartAxisCurrencyFormatter(savings) }}
          tooltipProps={{
            content: ({ label, payload }) => (
              <ActivityTooltip label={label} payload={payload} dollars={dollars} />
            ),
          }}
          series={[
            { name: 'requests', label: 'Requests', color: 'indigo.5', type: 'bar' },
            {
              name: 'cost_savings',
              label: 'Cost savings ($)',
              color: 'teal.6',
              type: 'line',
              yAxisId: 'right',
            },
          ]}
        />
      )}
    </Panel>
  );
}
