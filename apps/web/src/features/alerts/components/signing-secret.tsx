import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

/** The webhook signing secret, shown this once after creation (docs/alerts.md). */
export function SigningSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="blue" variant="light" icon={<IconKey size={18} />}>
        Webhooks from this alert are signed with the secret below. Copy it now: it is not shown
        again (you can rotate it later).
      </Alert>
      <Code block style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
        {secret}
      </Code>
      <Text size="sm" c="dimmed">
        Verify the X-Tokenwise-Signature header: HMAC-SHA256 of the timestamp, a dot and the raw
        body.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
