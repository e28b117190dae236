import { Alert, type MantineColor } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

/** The dashboard's one look for an explanatory box: a light alert with an icon and a title. */
export function Notice({
  color,
  icon: Icon,
  title,
  children,
}: {
  color: MantineColor;
  icon: ComponentType<{ size?: number }>;
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert color={color} variant="light" icon={<Icon size={18} />} title={title}>
      {children}
    </Alert>
  );
}
