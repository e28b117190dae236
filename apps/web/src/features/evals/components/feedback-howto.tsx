import { Code, Paper, Text, Title } from '@mantine/core';

/** How to send feedback from an application, using the id the gateway returned with the answer. */
export function FeedbackHowTo() {
  const origin = window.location.origin;
  const curl = [
    `curl -X POST ${origin}/v1/evals/feedback \\`,
    '  -H "Authorization: Bearer $TOKENWISE_TOKEN" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"request_id": "<x-request-id>", "feedback": "negative", "comment": "Wrong answer"}'`,
  ].join('\n');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="xs">
        Send feedback from your app
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every answer from the gateway carries an <Code>x-request-id</Code> response header. Post it
        with <Code>positive</Code> or <Code>negative</Code> (and an optional comment), authenticated
        with your Tokenwise session token (<Code>TOKENWISE_TOKEN</Code>, the bearer token returned
        by <Code>POST /v1/auth/login</Code>); voting again on the same request replaces the earlier
        vote. A thumbs-down on an answer served from the semantic cache demotes that cache entry: it
        is not served again until it is refreshed.
      </Text>
      <Code block>{curl}</Code>
    </Paper>
  );
}
