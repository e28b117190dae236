import { Group, Progress, Stack, Text } from '@mantine/core';
import type { RequestDetail } from '@tokenwise/contracts';
import { Panel } from '../../../components/panel.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** Input, output and saved tokens as bars scaled to the largest of the three. */
export function TokenBreakdown({ request }: { request: RequestDetail }) {
  const bars = [
    { label: 'Input tokens', value: request.tokens_in, color: 'indigo' },
    { label: 'Output tokens', value: request.tokens_out, color: 'blue' },
    { label: 'Saved tokens', value: request.tokens_saved, color: 'teal' },
  ];
  const largest = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Panel title="Token Breakdown">
      <Stack gap="sm">
        {bars.map((bar) => (
          <Stack gap={4} key={bar.label}>
            <Group justify="space-between">
              <Text size="sm">{bar.label}</Text>
              <Text size="sm" fw={600}>
                {formatNumber(bar.value)}
              </Text>
            </Group>
            <Progress
              value={(bar.value / largest) * 100}
              color={bar.color}
              size="lg"
              aria-label={bar.label}
            />
          </Stack>
        ))}
      </Stack>
    </Panel>
  );
}
