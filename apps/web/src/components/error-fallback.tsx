import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';

/** What the user sees when rendering blew up; reloading is the one safe way out. */
export function ErrorFallback() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={460}>
        <Stack align="center" gap="md">
          <Title order={2}>Something went wrong</Title>
          <Text c="dimmed" ta="center">
            We've been notified and are working on fixing the issue.
          </Text>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
