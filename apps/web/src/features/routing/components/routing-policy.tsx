import { Code, List, Text } from '@mantine/core';
import { Panel } from '../../../components/panel.tsx';

/** What the router does with a request, and how a caller opts out. */
export function RoutingPolicy() {
  return (
    <Panel title="How Routing Works">
      <Text size="sm" mb="xs">
        Each request is scored simple, medium or complex from its prompt length against the
        thresholds above, refined by code blocks, maths, multi-step instructions, conversation
        turns, requested output length and tools. With routing on, it goes to the cheapest model of
        the same provider whose tier fits:
      </Text>
      <List size="sm" spacing={4} mb="xs">
        <List.Item>Simple → a Mini model.</List.Item>
        <List.Item>Medium → a Core model.</List.Item>
        <List.Item>
          Complex → the model you asked for (a Mini model asked for a complex task is raised to
          Core).
        </List.Item>
      </List>
      <Text size="sm" mb="xs">
        A request is never routed to a model that lacks something it uses: tools, vision (images and
        PDFs), JSON mode, a long enough context window or an output limit as large as its
        max_tokens. If the cheaper model refuses the request, the model you asked for answers it.
        The request detail shows the difficulty, the reasons and the model it was sent to.
      </Text>
      <Text size="sm">
        To keep the model you named for one request, send the header{' '}
        <Code>x-tokenwise-pin-model: true</Code>.
      </Text>
    </Panel>
  );
}
