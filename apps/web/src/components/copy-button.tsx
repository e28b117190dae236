import { ActionIcon, Tooltip } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { copyText } from './copy-text.ts';

/** How long the copied (or failed) indicator stays up (spec section 9). */
export const COPIED_INDICATOR_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

interface CopyButtonProps {
  value: string;
  /** The button's name and idle tooltip: 'Copy key', 'Copy password'. */
  label: string;
  /** The tooltip when neither clipboard route worked: how to copy it by hand. */
  failedHint: string;
}

/** Copies a secret shown once (a new key, a temporary password) and says whether it worked. */
export function CopyButton({ value, label, failedHint }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const reset = useTimeout(() => setState('idle'), COPIED_INDICATOR_MS);
  const tooltips: Record<CopyState, string> = {
    idle: label,
    copied: 'Copied!',
    failed: failedHint,
  };

  async function copy() {
    reset.clear();
    setState((await copyText(value)) ? 'copied' : 'failed');
    reset.start();
  }

  return (
    <Tooltip label={tooltips[state]} opened={state === 'idle' ? undefined : true} withArrow>
      <ActionIcon
        variant="subtle"
        color={state === 'copied' ? 'teal' : state === 'failed' ? 'red' : 'gray'}
        aria-label={state === 'copied' ? 'Copied' : label}
        onClick={() => void copy()}
      >
        {state === 'copied' ? (
          <IconCheck size={16} />
        ) : state === 'failed' ? (
          <IconX size={16} />
        ) : (
          <IconCopy size={16} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
