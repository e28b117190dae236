import { useTimeout } from '@mantine/hooks';
import { useState } from 'react';

/** Success messages disappear after this long (spec section 4). */
export const SUCCESS_MESSAGE_MS = 3_000;

/** A success message that hides itself; showing a new one restarts the clock. */
export function useFlashMessage(durationMs = SUCCESS_MESSAGE_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useTimeout(() => setMessage(null), durationMs);
  return {
    message,
    show(text: string) {
      timer.clear();
      setMessage(text);
      timer.start();
    },
    hide() {
      timer.clear();
      setMessage(null);
    },
  };
}
