/**
 * The next capacity of a growing partition: twice the current one, but no more than `ceiling` (the
 * most entries the cache may hold) while it is still below it. Doubling from 4,096 to 8,192 slots
 * for a cache capped at 7,500 entries reserved 692 slots that could never fill (~1 MiB of rows and
 * graph at 292 + 64 dimensions). Past the ceiling it doubles again, so an entry is never refused.
 */
export function grownCapacity(capacity: number, ceiling: number): number {
  const doubled = capacity * 2;
  return capacity < ceiling ? Math.min(doubled, ceiling) : doubled;
}
