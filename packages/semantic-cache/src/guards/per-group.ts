// Decision 245: a figure taken once per group ("the largest value in each row", "average salary
// per department", "sum of sales by region") against the same figure taken once: other answers,
// which the difference check reads alike when the grouping noun is on both sides.

/** Figures a group can be reduced to; without one, "each" and "every" only say "all". */
const FIGURES = new Set(
  'max maximum min minimum largest smallest highest lowest biggest top sum total totals subtotal count average avg mean median latest newest oldest earliest recent argmax argmin idxmax idxmin'.split(
    ' ',
  ),
);
/** Words after which "by" groups ("sum sales by region"), not orders or filters ("sort by date"). */
const GROUPING_VERBS = new Set([
  ...FIGURES,
  'group',
  'grouped',
  'grouping',
  'aggregate',
  'breakdown',
]);
/** A grouping said in one word: "column-wise", "monthly", "groupby". */
const ONE_WORD_GROUPING =
  /^(?:\w*wise|daily|weekly|monthly|yearly|quarterly|hourly|annual|group|grouped|grouping|groupby|aggregate|pivot|axis)$/;
const WORDS = /[a-z0-9_]+/g;

/** Whether the text takes a figure per group, and whether it says any grouping at all. */
export interface Grouping {
  /** The grouping nouns of a figure taken per group ("row", "department"). */
  readonly nouns: readonly string[];
  /** Any grouping said, with or without a figure. */
  readonly any: boolean;
}

export function groupingOf(text: string): Grouping {
  const words = text.toLowerCase().match(WORDS) ?? [];
  const nouns: string[] = [];
  let any = false;
  const figure = words.some((w) => FIGURES.has(w));
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const noun = groupedNoun(words, i);
    if (ONE_WORD_GROUPING.test(word) || noun !== undefined) any = true;
    if (figure && noun !== undefined) nouns.push(noun.replace(/s$/, ''));
  }
  return { nouns, any };
}

function groupedNoun(words: readonly string[], i: number): string | undefined {
  const word = words[i];
  const next = words[i + 1];
  if (next === undefined) return undefined;
  if ((word === 'each' || word === 'every') && next !== 'other' && next !== 'time') return next;
  if (word === 'per') return limitPer(words, i) ? undefined : next === 'a' ? words[i + 2] : next;
  if (word === 'by' && words.slice(Math.max(0, i - 3), i).some((w) => GROUPING_VERBS.has(w)))
    return next;
  return undefined;
}

/**
 * Review of 245: "max connections per host", "min replicas per zone" set a limit for each one, as
 * "max connections for a host" does; a figure per group takes one thing per group ("max value per
 * column"). A plural right before "per", after "max" or "min", is what the limit counts.
 */
function limitPer(words: readonly string[], i: number): boolean {
  const counted = words[i - 1] ?? '';
  return LIMITS.has(words[i - 2] ?? '') && counted.length > 3 && counted.endsWith('s');
}
const LIMITS = new Set(['max', 'maximum', 'min', 'minimum']);

/** One side takes a figure per group and the other says no grouping at all. */
export function groupingDiffers(a: Grouping, b: Grouping): boolean {
  return (a.nouns.length > 0 && !b.any) || (b.nouns.length > 0 && !a.any);
}
