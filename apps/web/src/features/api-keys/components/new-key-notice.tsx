import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ApiKey } from '@tokenwise/contracts';
import { CopyKeyButton } from './copy-key-button.tsx';

/**
 * The key just created, in full with its copy button. It waits on the screen, not in the create
 * modal, so the list is usable at once; it stays until dismissed.
 */
export function NewKeyNotice({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      // A 100-character name with no spaces would otherwise run out of the notice.
      style={{ overflowWrap: 'anywhere' }}
    >
      <Stack gap="xs">
        <Text size="sm">
          The key "{apiKey.name}" is ready. Copy it into your application's configuration.
        </Text>
        <Group gap={4} wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="new-api-key">
            {apiKey.key}
          </Code>
          <CopyKeyButton value={apiKey.key} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
