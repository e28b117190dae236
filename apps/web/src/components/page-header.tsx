import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** One dimmed line under the title. */
  description?: ReactNode;
  /** Controls on the right, side by side: a switch, a period selector, buttons. */
  actions?: ReactNode;
}

/** The heading of a signed-in screen; the title is the page's one level-2 heading. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const heading = description ? (
    <div>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt={4}>
        {description}
      </Text>
    </div>
  ) : (
    <Title order={2}>{title}</Title>
  );
  if (actions === undefined) return heading;
  return (
    // Beside a two-line heading the controls line up with the title, not the middle.
    <Group justify="space-between" align={description ? 'flex-start' : undefined}>
      {heading}
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
