import { Code, List, Table, Text } from '@mantine/core';
import { Panel } from '../../../components/panel.tsx';

const HEADERS: [header: string, effect: string][] = [
  ['x-tokenwise-cache: bypass', 'Skip the cache for this request: no lookup, no store.'],
  ['x-tokenwise-cache: refresh', 'Skip the lookup but store the fresh answer.'],
  ['x-tokenwise-cache: no-store', 'Look up, but do not store this answer.'],
  ['x-tokenwise-cache-ttl: <seconds>', 'Keep this answer for a different time than the default.'],
];

/** What the cache does with a request, what keeps it from answering wrongly, and the controls. */
export function HowCacheWorks() {
  return (
    <Panel title="How the Cache Works">
      <List size="sm" spacing={6} mb="sm">
        <List.Item>
          <b>Exact layer:</b> a request identical to an earlier one (model, messages, tools,
          response format, temperature and every other field that changes the answer) is answered at
          once.
        </List.Item>
        <List.Item>
          <b>Semantic layer:</b> otherwise the last user message is compared by meaning with earlier
          ones that share the rest of the conversation and the same fields; a match at or above the
          similarity threshold is answered from the cache.
        </List.Item>
        <List.Item>
          <b>False-hit guards:</b> a close match is still refused when the two prompts differ in a
          negation, a number, a date, a named entity or a code identifier, or when what differs
          between them is an instruction, target language, format, audience or constraint — even at
          the end of a long prompt they otherwise share.
        </List.Item>
        <List.Item>
          Entries are private to your account and shared only within one provider and model family.
          Streaming requests are answered from the cache as a stream.
        </List.Item>
      </List>
      <Text size="sm" mb="xs">
        Per-request controls (HTTP headers on the gateway call):
      </Text>
      <Table withTableBorder={false} verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {HEADERS.map(([header, effect]) => (
            <Table.Tr key={header}>
              <Table.Td>
                <Code>{header}</Code>
              </Table.Td>
              <Table.Td>{effect}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}
