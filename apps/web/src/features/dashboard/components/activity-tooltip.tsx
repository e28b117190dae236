import { ColorSwatch, Group, Paper, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format.ts';

export interface ActivityTooltipItem {
  name?: string | number;
  value?: unknown;
  color?: string;
}

const LABELS: Record<string, string> = { requests: 'Requests', cost_savings: 'Cost savings ($)' };

/**
 * The hover card of the activity chart. Mantine's card formats every series with one formatter,
 * which read a day's $0.00043 of savings as the count "0"; here each series keeps its own unit.
 */
export function ActivityTooltip({
  label,
  payload,
  dollars,
}: {
  label?: string | number;
  payload?: readonly ActivityTooltipItem[];
  dollars: (value: number) => string;
}) {
  if (!payload?.length) return null;
  return (
    <Paper withBorder shadow="md" radius="md" p="sm" miw={180}>
      <Text fw={500} mb={6}>
        {label}
      </Text>
      <Stack gap={4}>
        {payload.map((item) => {
          const value = Number(item.value ?? 0);
          const name = String(item.name);
          return (
            <Group key={name} justify="space-between" gap="lg" wrap="nowrap">
              <Group gap={8} wrap="nowrap">
                {item.color ? (
                  <ColorSwatch color={item.color} size={12} withShadow={false} />
                ) : null}
                <Text size="sm">{LABELS[name] ?? name}</Text>
              </Group>
              <Text size="sm">
                {name === 'cost_savings' ? dollars(value) : formatNumber(value)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
