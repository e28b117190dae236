import { ActionIcon, Code, Group, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { maskKey } from '../key-display.ts';
import { CopyKeyButton } from './copy-key-button.tsx';

/** The key, masked until revealed, with its reveal toggle and copy button. */
export function ApiKeyValue({ value }: { value: string }) {
  const [revealed, setRevealed] = useState(false);
  // A revealed key is wider than a phone: there it breaks anywhere rather than push the page wide.
  const phone = usePhoneLayout();
  return (
    <Group gap={4} wrap="nowrap">
      <Code
        data-testid="api-key-value"
        style={phone ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }}
      >
        {revealed ? value : maskKey(value)}
      </Code>
      <Tooltip label={revealed ? 'Hide key' : 'Show key'} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={revealed ? 'Hide key' : 'Show key'}
          aria-pressed={revealed}
          onClick={() => setRevealed((r) => !r)}
        >
          {revealed ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        </ActionIcon>
      </Tooltip>
      <CopyKeyButton value={value} />
    </Group>
  );
}
