/**
 * Sorts `items` in place as `Array.prototype.sort` does, without the work copy V8's sort
 * allocates (decision 205). Below 64 items V8's TimSort is one run: it takes the leading run
 * (reversing it when strictly descending) and binary-inserts the rest. These are its steps and
 * its comparisons, so the order is the same even for a comparator that is not consistent (a NaN
 * counts as not below 0 in both). Longer arrays go to the built-in sort.
 */
export function sortSmall<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  const n = items.length;
  if (n >= 64) return items.sort(compare);
  if (n < 2) return items;
  let run = 2;
  const descending = compare(items[1] as T, items[0] as T) < 0;
  for (let i = 2; i < n; i += 1) {
    const order = compare(items[i] as T, items[i - 1] as T);
    if (descending ? !(order < 0) : order < 0) break;
    run += 1;
  }
  if (descending) {
    for (let lo = 0, hi = run - 1; lo < hi; lo += 1, hi -= 1) {
      const t = items[lo] as T;
      items[lo] = items[hi] as T;
      items[hi] = t;
    }
  }
  for (let start = run; start < n; start += 1) {
    const pivot = items[start] as T;
    let left = 0;
    let right = start;
    while (left < right) {
      const mid = left + ((right - left) >> 1);
      if (compare(pivot, items[mid] as T) < 0) right = mid;
      else left = mid + 1;
    }
    for (let k = start; k > left; k -= 1) items[k] = items[k - 1] as T;
    items[left] = pivot;
  }
  return items;
}
