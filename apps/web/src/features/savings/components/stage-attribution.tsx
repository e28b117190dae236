import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Savings } from '@tokenwise/contracts';
import { Panel } from '../../../components/panel.tsx';
import { formatCurrency } from '../../../lib/format.ts';

type ByStage = NonNullable<Savings['summary']['by_stage']>;

const STAGES: ReadonlyArray<{ key: keyof ByStage; label: string; color: string }> = [
  { key: 'cache', label: 'Semantic cache', color: 'teal' },
  { key: 'compression', label: 'Prompt compression', color: 'indigo' },
  { key: 'routing', label: 'Smart routing', color: 'violet' },
];

/** How much of the saving each stage of the gateway earned. */
export function StageAttribution({ byStage }: { byStage: ByStage }) {
  const total = STAGES.reduce((sum, s) => sum + byStage[s.key], 0);
  return (
    <Panel title="Savings by Stage">
      <Stack gap="sm">
        {STAGES.map((stage) => (
          <Stack gap={4} key={stage.key}>
            <Group justify="space-between">
              <Text size="sm">{stage.label}</Text>
              <Text size="sm" fw={600}>
                {formatCurrency(byStage[stage.key])}
              </Text>
            </Group>
            <Progress
              value={total > 0 ? (byStage[stage.key] / total) * 100 : 0}
              color={stage.color}
              aria-label={stage.label}
            />
          </Stack>
        ))}
      </Stack>
    </Panel>
  );
}
