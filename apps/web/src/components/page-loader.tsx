import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with an optional caption, for whole-screen waits. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <Center mih={240} py="xl">
      <Stack align="center" gap="sm">
        <Loader />
        {label ? <Text c="dimmed">{label}</Text> : null}
      </Stack>
    </Center>
  );
}
