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
      const own = ownCopy(word);
      value = workOut(own);
      if (remembered.size >= max) remembered.clear();
      remembered.set(own, value);
    }
    return value;
  };
}

/**
 * The word in a string of its own. A word a tokeniser cut from a prompt (V8 keeps a cut of 13 or
 * more characters as a view into the whole text) would keep that prompt, up to the 1 MiB body
 * limit, alive as long as the memo holds it: 50,000 words could hold gigabytes. Copied once per
 * word the memo has not seen; what `workOut` cuts from it views the copy.
 */
function ownCopy(word: string): string {
  return word.length < 13 ? word : ` ${word}`.slice(1);
}
