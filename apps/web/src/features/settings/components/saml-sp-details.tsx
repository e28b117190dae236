import { ActionIcon, CopyButton, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { samlServiceProviderUrls } from '@tokenwise/contracts';
import { activeAccount, getStoredUser } from '../../../lib/session.ts';

/** What the identity provider needs from this side, each with a copy button. */
export function SamlSpDetails() {
  const account = activeAccount(getStoredUser());
  if (!account) return null;
  const urls = samlServiceProviderUrls(window.location.origin, account.id);
  const fields = [
    { label: 'SP Entity ID (Audience URI)', value: urls.entityId },
    { label: 'Metadata URL', value: urls.metadata },
    { label: 'ACS URL (Assertion Consumer Service, HTTP-POST)', value: urls.acs },
    { label: 'SLS URL (Single Logout Service)', value: urls.sls },
  ];
  return (
    <Stack gap="xs" aria-label="Service provider details">
      <Text fw={600} size="sm">
        Service provider details
      </Text>
      <Text size="sm" c="dimmed">
        Enter these in your identity provider when you register this application. Send the email
        address as the NameID.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {fields.map((field) => (
          <TextInput
            key={field.label}
            label={field.label}
            value={field.value}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            rightSection={
              <CopyButton value={field.value}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                    <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy ${field.label}`}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
