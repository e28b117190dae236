import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PROVIDERS, type Provider } from '@tokenwise/contracts';
import { type FormEvent, useState } from 'react';
import { MutationError } from '../../../components/form-error.tsx';
import { useAddProviderKey } from '../api/add-provider-key.ts';
import { PROVIDER_OPTIONS } from '../provider-names.ts';

function isProvider(value: string | null): value is Provider {
  return (PROVIDERS as readonly (string | null)[]).includes(value);
}

/** Provider and key are required (spec section 5); the label is optional. */
export function AddProviderKeyForm({ onAdded }: { onAdded: () => void }) {
  const add = useAddProviderKey();
  const [provider, setProvider] = useState<Provider>('openai');
  const [apiKey, setApiKey] = useState('');
  const [label, setLabel] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!apiKey.trim()) return;
    add.mutate(
      { provider, api_key: apiKey.trim(), label: label.trim() || null },
      {
        onSuccess: () => {
          setApiKey('');
          setLabel('');
          onAdded();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Add provider key">
      <Stack gap="sm">
        <MutationError mutation={add} fallback="Failed to add provider key" />
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label="Provider"
            data={PROVIDER_OPTIONS}
            value={provider}
            onChange={(value) => {
              if (isProvider(value)) setProvider(value);
            }}
            allowDeselect={false}
            required
          />
          <PasswordInput
            label="API Key"
            placeholder="sk-..."
            autoComplete="off"
            maxLength={500}
            required
            value={apiKey}
            onChange={(e) => setApiKey(e.currentTarget.value)}
          />
          <TextInput
            label="Label"
            placeholder="Optional, e.g. Production"
            maxLength={100}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            disabled={!apiKey.trim()}
            loading={add.isPending}
          >
            Add Provider Key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
