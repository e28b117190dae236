import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

interface SigningSecretProps {
  alertName: string;
  secret: string;
  onDone: () => void;
}

/**
 * A new alert's webhook signing secret, shown this once (docs/alerts.md). It waits on the screen,
 * not in the form: Create closes the form as the spec has it, and the secret stays until dismissed.
 */
export function SigningSecret({ alertName, secret, onDone }: SigningSecretProps) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconKey size={18} />}
      title={`Webhook signing secret for "${alertName}"`}
    >
      <Stack gap="xs">
        <Text size="sm">
          Webhooks from this alert are signed with the secret below. Copy it now: it is not shown
          again (you can rotate it later).
        </Text>
        <Code block style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          Verify the X-Tokenwise-Signature header: HMAC-SHA256 of the timestamp, a dot and the raw
          body.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
