/** How much of a key the list shows before masking (spec section 9): enough to tell keys apart. */
export const VISIBLE_KEY_CHARS = 12;

// A fixed-length mask, so the list does not give away how long each key is.
const MASK = '•'.repeat(20);

/** `tw_AbCdEfGhI…` → `tw_AbCdEfGhI••••••••••••••••••••`. */
export function maskKey(key: string): string {
  return `${key.slice(0, VISIBLE_KEY_CHARS)}${MASK}`;
}
