import {
  Anchor,
  Button,
  Card,
  Code,
  Group,
  List,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { GettingStarted } from '@tokenwise/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/copy-button.tsx';
import { MutationError } from '../../../components/form-error.tsx';
import { canManage } from '../../../lib/roles.ts';
import { activeAccount, getStoredUser } from '../../../lib/session.ts';
import { useCreateApiKey } from '../../api-keys/api/create-api-key.ts';
import { useApiKeys } from '../../api-keys/api/get-api-keys.ts';
import { canUseApiKeys } from '../../api-keys/key-access.ts';
import { GETTING_STARTED_QUERY_KEY, useGettingStarted } from '../api/get-getting-started.ts';
import { firstRequestSnippets } from '../first-request-snippets.ts';

/** The key a new account's first key gets when it is made from the checklist. */
const FIRST_KEY_NAME = 'My first key';

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'} radius="xl">
          {done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
        </ThemeIcon>
      }
    >
      <Stack gap={4}>
        <Text fw={600}>
          {title}
          <VisuallyHidden>{done ? ' (done)' : ' (to do)'}</VisuallyHidden>
        </Text>
        {!done && children}
      </Stack>
    </List.Item>
  );
}

function Snippets({ apiKey }: { apiKey: string | undefined }) {
  const snippets = firstRequestSnippets(window.location.origin, apiKey);
  return (
    <Tabs defaultValue="curl" keepMounted={false}>
      <Tabs.List>
        {snippets.map((s) => (
          <Tabs.Tab key={s.id} value={s.id}>
            {s.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {snippets.map((s) => (
        <Tabs.Panel key={s.id} value={s.id} pt="xs">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, minWidth: 0, overflowX: 'auto' }}>
              {s.code}
            </Code>
            <CopyButton
              value={s.code}
              label="Copy snippet"
              failedHint="Copying failed: select the snippet and copy it"
            />
          </Group>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function Checklist({ status }: { status: GettingStarted }) {
  const role = activeAccount(getStoredUser())?.role;
  const mayUseKeys = canUseApiKeys(role);
  const keys = useApiKeys(mayUseKeys);
  const createKey = useCreateApiKey();
  const queryClient = useQueryClient();
  // The list comes newest first: the snippets use the key made most recently.
  const newestKey = keys.data?.[0]?.key;

  async function createFirstKey() {
    await createKey.mutateAsync({ name: FIRST_KEY_NAME });
    await queryClient.invalidateQueries({ queryKey: GETTING_STARTED_QUERY_KEY });
  }

  return (
    <Card component="section" withBorder padding="lg" aria-label="Getting started">
      <Stack gap="sm">
        <div>
          <Title order={3}>Getting started</Title>
          <Text size="sm" c="dimmed">
            Three steps to your first saved dollar. Each ticks itself off when it is done.
          </Text>
        </div>
        <List spacing="md" center={false}>
          <Step done={status.gateway_key} title="Create a gateway key">
            {mayUseKeys ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  loading={createKey.isPending}
                  onClick={() => void createFirstKey().catch(() => undefined)}
                >
                  Create key
                </Button>
                <Anchor component={Link} to="/api-keys" size="sm">
                  or manage keys
                </Anchor>
              </Group>
            ) : (
              <Text size="sm">Ask an owner, admin or member of this account to create one.</Text>
            )}
            <MutationError mutation={createKey} fallback="Failed to create API key" />
          </Step>
          <Step done={status.provider_key} title="Add a provider key">
            <Text size="sm">
              Your own OpenAI, Anthropic, Gemini, Mistral or Groq key, encrypted at rest. The
              gateway calls the provider with it.{' '}
              {canManage(role) ? (
                <Anchor component={Link} to="/settings">
                  Add it in Settings
                </Anchor>
              ) : (
                'An owner or admin adds it in Settings.'
              )}
            </Text>
          </Step>
          <Step done={status.first_request} title="Send a first request">
            <Text size="sm">Keep your SDK and point it at the gateway:</Text>
            <Snippets apiKey={newestKey} />
          </Step>
        </List>
      </Stack>
    </Card>
  );
}

/** Shown on the dashboard until the account has a key, a provider key and a first request. */
export function GettingStartedChecklist() {
  const status = useGettingStarted();
  const queryClient = useQueryClient();
  const firstRequest = status.data?.first_request;
  const seenBefore = useRef(firstRequest);
  // The first request just arrived: the figures and the request list on this screen are stale.
  useEffect(() => {
    if (firstRequest && seenBefore.current === false) {
      void queryClient.invalidateQueries({ queryKey: ['analytics'] });
    }
    seenBefore.current = firstRequest;
  }, [firstRequest, queryClient]);
  if (!status.data || status.data.done) return null;
  return <Checklist status={status.data} />;
}
