/**
 * Where a redacted text's placeholders sit, so an index into it (a citation's character offset)
 * can be turned into one into the original: per placeholder, flat, its start in the redacted text,
 * its length and the length of the value it stands for. Only placeholders are kept, not the text.
 */
export type OffsetMap = readonly number[];

/** Which end of a span an index is: one inside a placeholder widens the span to the whole value. */
export type SpanSide = 'start' | 'end';

/**
 * `index` into the redacted text as an index into the original. An index inside a placeholder
 * stands for part of a value the model never saw: a span's start goes to the value's start, its
 * end to the value's end, so the span covers the whole value.
 */
export function originalIndex(map: OffsetMap, index: number, side: SpanSide): number {
  let shift = 0;
  for (let i = 0; i + 2 < map.length; i += 3) {
    const start = map[i] as number;
    const length = map[i + 1] as number;
    const original = map[i + 2] as number;
    if (index <= start) break;
    if (index < start + length) return start + shift + (side === 'start' ? 0 : original);
    shift += original - length;
  }
  return index + shift;
}
