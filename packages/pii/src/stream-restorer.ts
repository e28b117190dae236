import { isPartialPlaceholder } from './placeholder.ts';

export interface StreamRestorer {
  /** Takes the next delta; returns the restored text that can be sent on now. */
  push(delta: string): string;
  /** Ends the stream; returns whatever was held back. */
  flush(): string;
}

/**
 * Wraps `restore` for a stream of deltas. Text is passed on as soon as it arrives, except a
 * trailing piece that could still grow into a placeholder ('[EMAIL_RED'), which waits for the
 * next delta; so at most one placeholder's length is ever held, never the whole answer.
 */
export function createStreamRestorer(restore: (text: string) => string): StreamRestorer {
  let pending = '';
  return {
    push(delta: string): string {
      const text = pending + delta;
      // Only the last '[' can open an unfinished placeholder: a placeholder contains no '['.
      const open = text.lastIndexOf('[');
      const holdFrom = open !== -1 && isPartialPlaceholder(text.slice(open)) ? open : text.length;
      pending = text.slice(holdFrom);
      return restore(text.slice(0, holdFrom));
    },
    flush(): string {
      const rest = pending;
      pending = '';
      return restore(rest);
    },
  };
}
