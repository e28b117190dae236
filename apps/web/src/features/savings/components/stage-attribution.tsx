import { Group, Progress, Stack, Text } from '@mantine/core';
import { Panel } from '../../../components/panel.tsx';
import { formatCurrency } from '../../../lib/format.ts';
import { type ByStage, stageShares } from '../stage-shares.ts';

const STAGES: ReadonlyArray<{ key: keyof ByStage; label: string; color: string }> = [
  { key: 'cache', label: 'Semantic cache', color: 'teal' },
  { key: 'compression', label: 'Prompt compression', color: 'indigo' },
  { key: 'routing', label: 'Smart routing', color: 'violet' },
];

/**
 * How much of the saving each stage of the gateway earned: bars are shares of what the stages
 * saved; a stage that cost more (routing up to a pricier model) shows its cost in red.
 */
export function StageAttribution({ byStage }: { byStage: ByStage }) {
  const shares = stageShares(byStage);
  return (
    <Panel title="Savings by Stage">
      <Stack gap="sm">
        {STAGES.map((stage) => {
          const share = shares[stage.key];
          return (
            <Stack gap={4} key={stage.key}>
              <Group justify="space-between">
                <Text size="sm">{stage.label}</Text>
                <Text size="sm" fw={600} c={share.costMore ? 'red' : undefined}>
                  {share.costMore
                    ? `${formatCurrency(byStage[stage.key])} (cost more than it saved)`
                    : formatCurrency(byStage[stage.key])}
                </Text>
              </Group>
              <Progress
                value={share.percent}
                color={share.costMore ? 'red' : stage.color}
                aria-label={stage.label}
              />
            </Stack>
          );
        })}
      </Stack>
    </Panel>
  );
}
