import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';

export function SubscriptionError() {
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={460}>
        <Stack align="center" gap="md">
          <Title order={3}>Subscription Error</Title>
          <Text c="dimmed" ta="center">
            Failed to verify subscription status
          </Text>
          <Button onClick={() => window.location.reload()}>Retry</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
