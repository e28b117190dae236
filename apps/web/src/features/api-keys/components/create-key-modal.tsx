import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ApiKey } from '@tokenwise/contracts';
import { type FormEvent, useState } from 'react';
import { MutationError } from '../../../components/form-error.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';

interface CreateKeyModalProps {
  opened: boolean;
  onClose: () => void;
  /** The new key, answered in full; the modal has closed by then. */
  onCreated: (key: ApiKey) => void;
}

/** Asks for a name and creates the key; the screen then shows it in full so it can be copied. */
export function CreateKeyModal({ opened, onClose, onCreated }: CreateKeyModalProps) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');

  function close() {
    setName('');
    create.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          close();
          onCreated(created);
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title="Create API Key">
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
    </Modal>
  );
}
