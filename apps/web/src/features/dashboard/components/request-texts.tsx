import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RecentRequest } from '@tokenwise/contracts';

function TextBlock({ label, text }: { label: string; text: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {text ? (
        <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto' }}>
          {text}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Not recorded
        </Text>
      )}
    </Stack>
  );
}

/** The prompt as sent and as optimized, shown when a row of the table is expanded. */
export function RequestTexts({ request }: { request: RecentRequest }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} py="xs">
      <TextBlock label="Original" text={request.original_text} />
      <TextBlock label="Optimized" text={request.optimized_text} />
    </SimpleGrid>
  );
}
