import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../lib/product.ts';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card every signed-out screen (login, signup, password flows) sits in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Text ta="center" fw={800} size="xl" c="indigo">
          {PRODUCT_NAME}
        </Text>
        <Title order={2} ta="center" mt="xs">
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm" ta="center" mt={4}>
            {subtitle}
          </Text>
        ) : null}
        <Stack mt="lg">{children}</Stack>
      </Paper>
    </Center>
  );
}
