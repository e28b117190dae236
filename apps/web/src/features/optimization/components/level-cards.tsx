import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { OptimizationLevel } from '@tokenwise/contracts';
import { LEVEL_OPTIONS } from '../optimization-levels.ts';

interface LevelCardsProps {
  value: OptimizationLevel;
  /** The level the server holds, marked 'Current'. */
  saved: OptimizationLevel;
  disabled: boolean;
  onChange: (level: OptimizationLevel) => void;
}

export function LevelCards({ value, saved, disabled, onChange }: LevelCardsProps) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => {
        const option = LEVEL_OPTIONS.find((o) => o.level === next);
        if (option) onChange(option.level);
      }}
      label="Optimization level"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} mt="xs">
        {LEVEL_OPTIONS.map((option) => (
          <Radio.Card
            key={option.level}
            value={option.level}
            disabled={disabled}
            radius="md"
            p="md"
            style={disabled ? { cursor: 'not-allowed' } : undefined}
          >
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator disabled={disabled} />
              <Stack gap={6}>
                <Group gap="xs">
                  <Text fw={700}>{option.title}</Text>
                  {option.recommended ? (
                    <Badge color="indigo" variant="light" size="sm">
                      Recommended
                    </Badge>
                  ) : null}
                  {option.level === saved ? (
                    <Badge color="gray" variant="outline" size="sm">
                      Current
                    </Badge>
                  ) : null}
                </Group>
                <Text c="green.7" fw={600} size="sm">
                  {option.savings}
                </Text>
                <Text size="sm" c="dimmed">
                  {option.description}
                </Text>
                {option.caution ? (
                  <Group gap={4} c="orange.7">
                    <IconAlertTriangle size={14} />
                    <Text size="sm" inherit>
                      {option.caution}
                    </Text>
                  </Group>
                ) : null}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
