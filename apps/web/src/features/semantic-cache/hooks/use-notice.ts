import { useTimeout } from '@mantine/hooks';
import { useState } from 'react';

/** Success messages disappear after 3 s (spec section 4). */
const NOTICE_MS = 3_000;

/** A success line that hides itself; a new one restarts the clock. */
export function useNotice() {
  const [text, setText] = useState<string | null>(null);
  const timer = useTimeout(() => setText(null), NOTICE_MS);
  return {
    text,
    show(next: string) {
      timer.clear();
      setText(next);
      timer.start();
    },
  };
}
