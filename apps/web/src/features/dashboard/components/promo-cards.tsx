import { Anchor, Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBook, IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Where the gateway's integration guides live, on the product's public website. */
const DOCS_URL = 'https://tokenwise.dev/docs';

/** Next steps: a key to call the gateway with, and the integration guides. */
export function PromoCards() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder radius="md" p="md">
        <Title order={4}>
          <IconKey size={18} /> Create Key
        </Title>
        <Text size="sm" c="dimmed" my="xs">
          Each application gets its own API key, so usage and savings can be told apart.
        </Text>
        <Button component={Link} to="/api-keys" variant="light">
          Create Key
        </Button>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4}>
          <IconBook size={18} /> Documentation
        </Title>
        <Text size="sm" c="dimmed" my="xs">
          Point your existing OpenAI or Anthropic SDK at the gateway: guides for every language and
          provider.
        </Text>
        <Anchor href={DOCS_URL} target="_blank" rel="noreferrer">
          Read the documentation
        </Anchor>
      </Paper>
    </SimpleGrid>
  );
}
