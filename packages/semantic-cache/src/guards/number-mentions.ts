// Reads the quantities a prompt mentions as numbers, so "5", "five" and "5.0" agree and "15%"
// equals "15 percent". Runs on text whose dates and code identifiers are already blanked out.

const UNITS: Record<string, number> = {
  zero: 0,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twice: 2,
  thrice: 3,
  dozen: 12,
  half: 0.5,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1_000,
  million: 1_000_000,
  billion: 1_000_000_000,
};
/** Letters that may follow a number without making it part of a name ("10k", "256GB", "3x"). */
const SUFFIXES = new Set(
  'k m b x s h ms min mins hr hrs d kb mb gb tb km kg g mg lb lbs oz ml l cm mm px pt mph st nd rd th yo'.split(
    ' ',
  ),
);
const SUFFIX_SCALE: Record<string, number> = { k: 1_000, m: 1_000_000, b: 1_000_000_000 };

// "one" is left out on purpose: it is far more often a pronoun ("the 128GB one") than a count.
const NUMBER_WORD = new RegExp(
  `\\b(${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join('|')})\\b`,
  'gi',
);
const DIGITS = /(?<![\p{L}\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?([\p{L}]*)/gu;

/**
 * The numbers a text mentions, in the order they appear: "15 percent of 80" and "what percent of
 * 80 is 15" name the same numbers but ask different things.
 */
export function findNumbers(text: string): number[] {
  const numbers: { at: number; value: number }[] = [];
  const spelled = text.replace(/(\d)\s*[x×]\s*(\d)/g, '$1 by $2');
  for (const match of spelled.matchAll(DIGITS)) {
    const suffix = (match[3] ?? '').toLowerCase();
    // "log4j", "gpt-4o", "sha256": digits glued to a name are part of an identifier, not a quantity.
    if (suffix && !SUFFIXES.has(suffix)) continue;
    const at = match.index ?? 0;
    // A minus sign right before the digits, not a hyphen inside a word ("-1" but not "gpt-4").
    const sign = spelled[at - 1] === '-' && /^$|[\s(,[=]/.test(spelled[at - 2] ?? '') ? -1 : 1;
    const value = Number(`${(match[1] ?? '').replace(/,/g, '')}${match[2] ?? ''}`);
    numbers.push({ at, value: sign * value * (SUFFIX_SCALE[suffix] ?? 1) });
  }
  numbers.push(...spelledNumbers(spelled), ...ordinals(spelled));
  return numbers.sort((a, b) => a.at - b.at).map((n) => n.value);
}

/** "twenty five" → 25, "two hundred" → 200, "a dozen" → 12; each run of number words is one number. */
function spelledNumbers(text: string): { at: number; value: number }[] {
  const found: { at: number; value: number }[] = [];
  let current: number | null = null;
  let currentStart = 0;
  let lastEnd = -1;
  for (const match of text.matchAll(NUMBER_WORD)) {
    const word = (match[1] ?? '').toLowerCase();
    const start = match.index ?? 0;
    const joined = current !== null && /^[\s-]*(and\s+)?$/i.test(text.slice(lastEnd, start));
    if (!joined && current !== null) {
      found.push({ at: currentStart, value: current });
      current = null;
    }
    if (current === null) currentStart = start;
    const scale = SCALES[word];
    if (scale !== undefined) current = (current ?? 1) * scale;
    else current = (current ?? 0) + (UNITS[word] ?? TENS[word] ?? 0);
    lastEnd = start + (match[0]?.length ?? 0);
  }
  if (current !== null) found.push({ at: currentStart, value: current });
  return found;
}

/**
 * Ordinal words as their numbers, so "2nd highest" and "second highest" agree. "first" is left out
 * (more often "first do X" than a rank), and "second" after a number or "per"/"a"/"each" is time.
 */
const ORDINAL_WORD = /\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b/gi;
const ORDINAL_VALUE: Record<string, number> = {
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

function ordinals(text: string): { at: number; value: number }[] {
  const found: { at: number; value: number }[] = [];
  for (const match of text.matchAll(ORDINAL_WORD)) {
    const word = (match[1] ?? '').toLowerCase();
    const at = match.index ?? 0;
    const before = text.slice(Math.max(0, at - 12), at).toLowerCase();
    if (
      word === 'second' &&
      /(\d|\b(?:per|a|each|every|one|split|milli|nano|micro))\s*-?$/.test(before)
    )
      continue;
    found.push({ at, value: ORDINAL_VALUE[word] ?? 0 });
  }
  return found;
}
