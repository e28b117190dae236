import { useState } from 'react';

export interface Draft<T, Shown> {
  /** What the form shows: the saved values with the user's edits on top. */
  draft: Shown;
  /** Records edited fields; untouched ones keep following the server, so a refetch shows through. */
  change: (patch: Partial<T>) => void;
  /** Drops the edits, so the form shows what the server holds again (after a save). */
  discard: () => void;
}

/**
 * A form's edits, kept apart from what the server holds until the user saves (spec section 4).
 * Whether the draft differs is each form's own rule, so it is left to the caller.
 */
export function useDraft<T extends object>(saved: T): Draft<T, T>;
export function useDraft<T extends object>(saved: T | undefined): Draft<T, T | undefined>;
export function useDraft<T extends object>(saved: T | undefined): Draft<T, T | undefined> {
  const [edits, setEdits] = useState<Partial<T>>({});
  return {
    draft: saved === undefined ? undefined : { ...saved, ...edits },
    change: (patch) => setEdits((current) => ({ ...current, ...patch })),
    discard: () => setEdits({}),
  };
}
