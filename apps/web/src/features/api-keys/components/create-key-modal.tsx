import { Alert, Button, Code, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { MutationError } from '../../../components/form-error.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { CopyKeyButton } from './copy-key-button.tsx';

/** Asks for a name, creates the key, then shows the new key in full so it can be copied. */
export function CreateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const created = create.data;

  function close() {
    setName('');
    create.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name: name.trim() });
  }

  return (
    <Modal opened={opened} onClose={close} title={created ? 'API Key Created' : 'Create API Key'}>
      {created ? (
        <Stack>
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            // A 100-character name with no spaces would otherwise run out of the dialog.
            style={{ overflowWrap: 'anywhere' }}
          >
            The key "{created.name}" is ready. Copy it into your application's configuration.
          </Alert>
          <Group gap={4} wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="new-api-key">
              {created.key}
            </Code>
            <CopyKeyButton value={created.key} />
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <MutationError mutation={create} fallback="Failed to create API key" />
            <TextInput
              label="Key Name"
              placeholder="e.g. Production backend"
              description="A name that tells you where the key is used."
              maxLength={100}
              data-autofocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
                Create Key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
