/**
 * Whether a stable sort by `compare` puts `first` first, without sorting a copy (decision 204):
 * every candidate before it sorts after it, every one after it not before it. A comparison that
 * is NaN answers no, which only takes the path that works the lift out.
 */
export function sortsFirst<T>(
  first: T,
  list: readonly T[],
  compare: (a: T, b: T) => number,
): boolean {
  let before = true;
  for (const item of list) {
    if (item === first) before = false;
    else if (before ? !(compare(item, first) > 0) : !(compare(item, first) >= 0)) return false;
  }
  return true;
}
