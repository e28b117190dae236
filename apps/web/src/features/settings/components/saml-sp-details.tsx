import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { serviceProviderUrls } from '../saml-config.ts';

/** What the identity provider needs from this side; read-only so it can be selected and copied. */
export function SamlSpDetails() {
  const urls = serviceProviderUrls(window.location.origin);
  const fields = [
    { label: 'Metadata URL', value: urls.metadata },
    { label: 'ACS URL (Assertion Consumer Service)', value: urls.acs },
    { label: 'SLS URL (Single Logout Service)', value: urls.sls },
  ];
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Service provider details
      </Text>
      <Text size="sm" c="dimmed">
        Enter these in your identity provider when you register this application.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {fields.map((field) => (
          <TextInput
            key={field.label}
            label={field.label}
            value={field.value}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
