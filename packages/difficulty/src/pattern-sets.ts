// A prompt is scored with dozens of patterns, and the gateway's other stages leave each one cold:
// every regex run costs a few µs of fixed overhead, whatever the prompt's length (decision 055).
// These helpers run one regex where the scorer used to run several, with the same answers.

/**
 * Up to this length a text is cheaper to search with one combined regex; past it, the separate
 * patterns' literal prefilters win (a 52k-character document: 124 µs combined, 63 µs apart).
 */
export const SHORT_TEXT_CHARS = 1_000;

/**
 * One regex that matches wherever any of `patterns` would, read with `flags`. With the patterns'
 * own flags (all the same), `test` answers exactly as `patterns.some((p) => p.test(text))`: at each
 * position an alternation tries every alternative, and `^` and `$` keep their meaning. With added
 * flags (such as `i`) it can only match more, so it serves as a filter before the exact patterns.
 */
export function eitherOf(patterns: readonly RegExp[], flags = sameFlags(patterns)): RegExp {
  // A numbered back-reference would point at another alternative's group once combined.
  if (patterns.some((p) => /\\[1-9]|\\k</.test(p.source))) {
    throw new Error('patterns with back-references cannot be combined');
  }
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), flags);
}

/**
 * Which of `patterns` (same flags, no capture groups) occur in a text, as a bit per pattern, found
 * with one regex run per pattern found plus one, instead of one per pattern. Each run looks for the
 * patterns still missing, from where the last one was found: nothing missing occurs before that
 * point, and a pattern hidden there behind another alternative is looked for again at the same
 * place once the other is no longer asked for.
 */
export function patternsFound(patterns: readonly RegExp[]): (text: string) => number {
  if (patterns.length > 30) throw new RangeError('at most 30 patterns fit in the bit set');
  const flags = sameFlags(patterns);
  for (const p of patterns) {
    if (captureGroups(p) > 0) throw new Error(`pattern ${p} has capture groups`);
  }
  const searches = new Map<number, RegExp>();
  const searchFor = (missing: number): RegExp => {
    let search = searches.get(missing);
    if (!search) {
      const alternatives = patterns.flatMap((p, i) =>
        missing & (1 << i) ? [`(${p.source})`] : [],
      );
      search = new RegExp(alternatives.join('|'), `${flags}g`);
      searches.set(missing, search);
    }
    return search;
  };
  const all = 2 ** patterns.length - 1;
  return (text) => {
    let missing = all;
    let from = 0;
    while (missing !== 0) {
      const search = searchFor(missing);
      search.lastIndex = from;
      const match = search.exec(text);
      if (!match) break;
      // Group j is the j-th pattern still missing.
      let group = 0;
      for (let i = 0; i < patterns.length; i += 1) {
        if (!(missing & (1 << i))) continue;
        group += 1;
        if (match[group] !== undefined) {
          missing &= ~(1 << i);
          break;
        }
      }
      from = match.index;
    }
    return all & ~missing;
  };
}

function sameFlags(patterns: readonly RegExp[]): string {
  const flags = patterns[0]?.flags ?? '';
  if (patterns.some((p) => p.flags !== flags || p.global || p.sticky)) {
    throw new Error('patterns must share their flags, without g or y');
  }
  return flags;
}

function captureGroups(pattern: RegExp): number {
  return (new RegExp(`${pattern.source}|`, pattern.flags).exec('')?.length ?? 1) - 1;
}
