import { ActionIcon, Tooltip } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { copyText } from '../copy-text.ts';

/** How long the copied (or failed) indicator stays up (spec section 9). */
export const COPIED_INDICATOR_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

const TOOLTIPS: Record<CopyState, string> = {
  idle: 'Copy key',
  copied: 'Copied!',
  failed: 'Copy failed: reveal the key and copy it by hand',
};

export function CopyKeyButton({ value }: { value: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const reset = useTimeout(() => setState('idle'), COPIED_INDICATOR_MS);

  async function copy() {
    reset.clear();
    setState((await copyText(value)) ? 'copied' : 'failed');
    reset.start();
  }

  return (
    <Tooltip label={TOOLTIPS[state]} opened={state === 'idle' ? undefined : true} withArrow>
      <ActionIcon
        variant="subtle"
        color={state === 'copied' ? 'teal' : state === 'failed' ? 'red' : 'gray'}
        aria-label={state === 'copied' ? 'Copied' : 'Copy key'}
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
