import { Code, Paper, Text, Title } from '@mantine/core';

/**
 * How an application sends feedback: with the gateway key it already calls the gateway with (the
 * server takes a `tw_` key on this one route), never a person's dashboard session.
 */
export function FeedbackHowTo() {
  const origin = window.location.origin;
  const curl = [
    `curl -X POST ${origin}/v1/evals/feedback \\`,
    '  -H "Authorization: Bearer $TOKENWISE_API_KEY" \\',
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
        with the same gateway API key your application sends its requests with (
        <Code>TOKENWISE_API_KEY</Code>, a <Code>tw_…</Code> key from the API Keys page); voting
        again on the same request replaces the earlier vote. A thumbs-down on an answer served from
        the semantic cache demotes that cache entry: it is not served again until it is refreshed.
      </Text>
      <Code block>{curl}</Code>
    </Paper>
  );
}
