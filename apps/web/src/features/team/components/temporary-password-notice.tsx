import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { CopyButton } from '../../../components/copy-button.tsx';

interface TemporaryPasswordNoticeProps {
  email: string;
  password: string;
  onDismiss: () => void;
}

/**
 * The new user's temporary password, shown this once (the server never answers it again). It
 * stays until dismissed, unlike the success message, so there is time to copy it.
 */
export function TemporaryPasswordNotice({
  email,
  password,
  onDismiss,
}: TemporaryPasswordNoticeProps) {
  return (
    <Alert color="indigo" variant="light" icon={<IconKey size={18} />} title="Temporary password">
      <Stack gap="xs">
        <Text size="sm">
          {email} has a new account. Share this password with them safely; it is shown only now, and
          they must change it when they first sign in. It expires in 7 days.
        </Text>
        <Group gap={4} wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="temporary-password">
            {password}
          </Code>
          <CopyButton
            value={password}
            label="Copy password"
            failedHint="Copy failed: select the password and copy it by hand"
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDismiss}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
