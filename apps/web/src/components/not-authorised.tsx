import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** What a signed-in user sees on a screen their role does not open (the admin console). */
export function NotAuthorised() {
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={460}>
        <Stack align="center" gap="md">
          <IconLock size={36} stroke={1.5} />
          <Title order={2}>Not authorised</Title>
          <Text c="dimmed" ta="center">
            This screen is for platform administrators. Ask one if you need access.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
