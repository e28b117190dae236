import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { MutationError } from '../../../components/form-error.tsx';
import { useInvalidateCachePattern } from '../api/invalidate-cache-pattern.ts';

/** Removes every entry whose prompt matches a glob (`*refund*`), after a confirm. */
export function InvalidatePatternForm({
  onRemoved,
  disabled,
}: {
  onRemoved: (message: string) => void;
  disabled: boolean;
}) {
  const invalidate = useInvalidateCachePattern();
  const [pattern, setPattern] = useState('');
  const trimmed = pattern.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    if (!window.confirm(`Remove every cached entry whose prompt matches "${trimmed}"?`)) return;
    invalidate.mutate(trimmed, {
      onSuccess: (result) => {
        setPattern('');
        onRemoved(result.message);
      },
    });
  }

  return (
    <form onSubmit={submit} aria-label="Invalidate by pattern">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Invalidate by pattern"
          description="* matches any text, e.g. *refund*"
          placeholder="*refund*"
          value={pattern}
          onChange={(e) => setPattern(e.currentTarget.value)}
          w={320}
          disabled={disabled}
        />
        <Button
          type="submit"
          variant="light"
          color="red"
          disabled={disabled || !trimmed}
          loading={invalidate.isPending}
        >
          Invalidate Matching
        </Button>
      </Group>
      <MutationError mutation={invalidate} fallback="Failed to clear cache" />
    </form>
  );
}
