import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Typing pauses this long before the list is asked again: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A search box's text, and the trimmed, debounced value to send to the server. */
export function useServerSearch() {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, query };
}
