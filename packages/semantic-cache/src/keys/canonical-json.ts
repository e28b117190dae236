/**
 * JSON with object keys sorted and undefined/null members dropped, so two requests that differ
 * only in key order or in an explicit `null` (the provider default) serialise identically.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortValue(value));
}

function sortValue(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item) => (item === undefined ? null : sortValue(item)));
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of sortedKeys(value)) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined && member !== null) sorted[key] = sortValue(member);
    }
    return sorted;
  }
  return value;
}

/** Past this many keys the built-in sort; below, an insertion sort in place. */
const FEW_KEYS = 16;

/**
 * The object's keys in the order `.sort()` gives them (UTF-16 code units; keys are distinct).
 * A request's objects have a few keys, often in order already: sorted in place, they cost no
 * copy of the array the built-in sort makes (decision 204).
 */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  if (keys.length > FEW_KEYS) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}
