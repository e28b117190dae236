import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TIER_CARDS } from '../routing-tiers.ts';

/** The three price tiers the router chooses between, with a few models of each. */
export function ModelTiers() {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        Model Tiers
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {TIER_CARDS.map((tier) => (
          <Paper
            key={tier.id}
            withBorder
            radius="md"
            p="md"
            role="group"
            aria-label={`${tier.label} tier`}
          >
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={700} size="lg">
                  {tier.label}
                </Text>
                <Text fw={600} c="indigo">
                  {tier.price}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {tier.serves}
              </Text>
              <Group gap={6}>
                {tier.sampleModels.map((model) => (
                  // A long name wraps inside its badge on a narrow card rather than losing its
                  // end (decision 110).
                  <Badge
                    key={model}
                    variant="light"
                    color="gray"
                    tt="none"
                    maw="100%"
                    h="auto"
                    styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                  >
                    {model}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
