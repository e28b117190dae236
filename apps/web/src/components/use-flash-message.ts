import { useEffect, useRef, useState } from 'react';

/** Success messages disappear after this long (spec section 4). */
export const SUCCESS_MESSAGE_MS = 3_000;
/** ...except the one saying an existing user was added to the team, which stays longer. */
export const LONG_SUCCESS_MESSAGE_MS = 5_000;

/**
 * A success message that hides itself; showing a new one restarts the clock. `show` may give one
 * message its own duration.
 */
export function useFlashMessage(durationMs = SUCCESS_MESSAGE_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    message,
    show(text: string, ms = durationMs) {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    hide() {
      clearTimeout(timer.current);
      setMessage(null);
    },
  };
}
