import { Alert, Button, Code, Group, type MantineColor, Stack, Text } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

interface ShownOnceNoticeProps {
  color: MantineColor;
  icon: ComponentType<{ size?: number }>;
  title?: string;
  /** What the value is and what to do with it. */
  message: ReactNode;
  value: string;
  valueTestId: string;
  /** A copy button beside the value, when the screen offers one. */
  copy?: ReactNode;
  /** Said under the value (how to use it). */
  hint?: ReactNode;
  onDone: () => void;
}

/**
 * A secret the server answers only once (a new API key, a temporary password, a webhook signing
 * secret). It waits on the screen until dismissed, not in the dialog that made it, so the rest of
 * the screen is usable at once and there is time to copy it.
 */
export function ShownOnceNotice({
  color,
  icon: Icon,
  title,
  message,
  value,
  valueTestId,
  copy,
  hint,
  onDone,
}: ShownOnceNoticeProps) {
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={18} />}
      title={title}
      // A long name with no spaces in the message would otherwise run out of the notice.
      style={{ overflowWrap: 'anywhere' }}
    >
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group gap={4} wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={valueTestId}>
            {value}
          </Code>
          {copy}
        </Group>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
