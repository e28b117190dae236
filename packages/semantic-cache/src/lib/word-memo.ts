/**
 * Remembers `workOut` per word, up to `max` words, then starts again empty. Prompts reuse a small
 * vocabulary, so per-word work (lemmas, difference terms, opposite-action stems) is paid once per
 * word instead of on every prompt; emptying when full is cheaper than an LRU and the words come
 * back at once.
 */
export function wordMemo<T>(max: number, workOut: (word: string) => T): (word: string) => T {
  const remembered = new Map<string, T>();
  return (word) => {
    let value = remembered.get(word);
    if (value === undefined) {
      value = workOut(word);
      if (remembered.size >= max) remembered.clear();
      remembered.set(word, value);
    }
    return value;
  };
}
