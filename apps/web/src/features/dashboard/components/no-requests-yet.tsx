import { Code, Stack, Text, Title } from '@mantine/core';
import { firstRequestSnippets } from '../first-request-snippets.ts';

/** The empty dashboard: how to send the first request through the gateway. */
export function NoRequestsYet() {
  const baseUrl = `${window.location.origin}/v1`;
  const python = firstRequestSnippets(window.location.origin, undefined).find(
    (s) => s.id === 'python',
  );
  return (
    <Stack gap="xs" py="md">
      <Title order={4}>No requests yet</Title>
      <Text size="sm" c="dimmed">
        Send your first request through the gateway: keep your OpenAI (or Anthropic) SDK, create an
        API key on the API Keys screen, add your provider key in Settings, and set the base URL to{' '}
        <Code>{baseUrl}</Code>. Requests appear here a moment after they finish.
      </Text>
      <Code block>{python?.code}</Code>
    </Stack>
  );
}
