// Reads the quantities a prompt mentions as numbers, so "5", "five" and "5.0" agree and "15%"
// equals "15 percent". Runs on text whose dates and code identifiers are already blanked out.
import { STOPWORDS } from '../embedding/question-tokens.ts';
import { codenameVersions } from './release-codenames.ts';

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
/** Letters glued after digits that make the digits a quantity ("30s", "4k"), not part of a name ("2fa"). */
const isNumberSuffix = (letters: string) => SUFFIXES.has(letters.toLowerCase());

/**
 * Digits glued to letters read as a name ("2FA", "5G") rather than a quantity ("30s", "4k"), given
 * the text right after them. "3D" is a dimension, not three days (decision 161): a capital D
 * always, a small one before a word it describes when the number could be a dimension ("3d
 * printing", "2d array"); "retention of 3d" and "a 30d trial" stay days.
 */
export function readsAsName(digits: string, letters: string, after: string): boolean {
  if (!isNumberSuffix(letters)) return true;
  if (letters === 'D') return true;
  if (letters !== 'd' || Number(digits) > MAX_DIMENSION) return false;
  const next = /^[\s-]+(\p{L}+)/u.exec(after)?.[1]?.toLowerCase();
  return next !== undefined && !STOPWORDS.has(next) && !AFTER_DAYS.has(next);
}
const MAX_DIMENSION = 4;
/** Words after "3d" that say it is a time: "3d ago", "3d old". */
const AFTER_DAYS = new Set('ago old later left remaining'.split(' '));
const SUFFIX_SCALE: Record<string, number> = { k: 1_000, m: 1_000_000, b: 1_000_000_000 };

// "one" is left out on purpose: it is far more often a pronoun ("the 128GB one") than a count.
const NUMBER_WORD = new RegExp(
  `\\b(${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join('|')})\\b`,
  'gi',
);
const DIGITS = /(?<![\p{L}\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?([\p{L}]*)/gu;
// The three global patterns here are read with `exec` from lastIndex 0, not `matchAll`, which
// copies the pattern and makes an iterator per call. Each match is non-empty and no loop body
// runs its own pattern again, so the matches are the same.

/**
 * The numbers a text mentions, in the order they appear: "15 percent of 80" and "what percent of
 * 80 is 15" name the same numbers but ask different things.
 */
export function findNumbers(text: string): number[] {
  return readNumbers(text).numbers;
}

/**
 * `findNumbers` and the numbers beside compounds from one reading of the text: the number guard reads
 * the second whenever the first differs, and each reading is a few regex passes (decision 201).
 */
export function readNumbers(text: string): {
  numbers: number[];
  besideCompounds: number[] | null;
} {
  const { mentions } = numberMentions(text);
  return { numbers: mentions.map((m) => m.value), besideCompounds: besideCompounds(mentions) };
}

/** A number as written: where it starts and ends in the text, and its value. */
interface NumberMention {
  at: number;
  end: number;
  value: number;
  /** The count starts a compound name ("two-step verification"): `startsCompound`. */
  compound?: boolean;
}

/**
 * The numbers a text mentions outside compound names, or null when it has no compound: "enable
 * two-factor auth for 3 users" → [3]. A count of things takes a plural ("two steps"); a count
 * joined to a singular word names a kind ("two-step verification", "three way merge", "2-factor"),
 * which another prompt may call by a name with no number in it ("2FA", "OTP"; decision 161).
 */
function besideCompounds(mentions: NumberMention[]): number[] | null {
  if (!mentions.some((m) => m.compound)) return null;
  return mentions.filter((m) => !m.compound).map((m) => m.value);
}

/**
 * Whether the text after a count starts a compound with it: a singular word that is no unit,
 * joined by a hyphen ("two-step", "2-factor"), or, after a spelled count only, by a space when
 * another singular word follows ("two step verification", "three way merge"). "two equal
 * strings" and "windows 10 product key" count things or name a version.
 */
function startsCompound(after: string, spelled: boolean): boolean {
  const match = /^(-|[^\S\n]+)(\p{L}{3,})\b(?:[^\S\n]+(\p{L}+))?/u.exec(after);
  if (!match || !isKindWord(match[2])) return false;
  if (match[1] === '-') return true;
  return spelled && isKindWord(match[3]);
}

function isKindWord(word: string | undefined): boolean {
  const lower = word?.toLowerCase();
  return (
    lower !== undefined &&
    lower.length >= 3 &&
    (!lower.endsWith('s') || lower.endsWith('ss')) &&
    !STOPWORDS.has(lower) &&
    !MEASURES.has(lower) &&
    !NUMBER_WORD_ALONE.test(lower)
  );
}
/** Singular words after a count that measure a quantity ("a two hour drive"), and plurals without an s. */
const MEASURES = new Set(
  'second minute hour day week month year decade century time percent cent dollar euro pound mile meter metre kilometer kilometre foot feet inch yard gram kilogram liter litre ounce byte bit kilobyte megabyte gigabyte terabyte pixel degree people men women children teeth mice data'.split(
    ' ',
  ),
);
/** The spelled counts that may start a compound ("two-step"); "twice" or "a dozen" never do. */
const COMPOUND_COUNTS = new Set(
  'two three four five six seven eight nine ten eleven twelve'.split(' '),
);

/** The mentions, and the text their positions are in ("3x4" is read as "3 by 4"). */
function numberMentions(text: string): { mentions: NumberMention[]; spelled: string } {
  const numbers: NumberMention[] = [];
  const spelled = text.replace(/(\d)\s*[x×]\s*(\d)/g, '$1 by $2');
  DIGITS.lastIndex = 0;
  for (let match = DIGITS.exec(spelled); match !== null; match = DIGITS.exec(spelled)) {
    const letters = match[3] ?? '';
    const suffix = letters.toLowerCase();
    const at = match.index ?? 0;
    const end = at + (match[0]?.length ?? 0);
    // "log4j", "gpt-4o", "sha256": digits glued to a name are part of an identifier, not a quantity.
    if (suffix && readsAsName(match[1] ?? '', letters, spelled.slice(end, end + 40))) continue;
    // "1-D array" is the dimension "1D".
    if (!suffix && Number(match[1]) <= MAX_DIMENSION && /^-[dD](?!\p{L})/u.test(spelled.slice(end)))
      continue;
    // A minus sign right before the digits, not a hyphen inside a word ("-1" but not "gpt-4").
    const sign = spelled[at - 1] === '-' && /^$|[\s(,[=]/.test(spelled[at - 2] ?? '') ? -1 : 1;
    const value = Number(`${(match[1] ?? '').replace(/,/g, '')}${match[2] ?? ''}`);
    const compound = !suffix && !match[2] && startsCompound(spelled.slice(end, end + 40), false);
    numbers.push({ at, end, value: sign * value * (SUFFIX_SCALE[suffix] ?? 1), compound });
  }
  numbers.push(...spelledNumbers(spelled), ...ordinals(spelled));
  // A codename says its version once: "debian 12 (bookworm)" names one release.
  // Only its number written beside it (review of 245): "node 12 on debian bookworm" names two.
  const codenames = codenameVersions(spelled);
  if (codenames.length > 0) {
    const written = numbers.slice().sort((a, b) => a.at - b.at);
    for (const codename of codenames)
      if (!writtenBeside(spelled, written, codename)) numbers.push(codename);
  }
  return { mentions: numbers.sort((a, b) => a.at - b.at), spelled };
}

/** How far, in characters, a version may sit from its codename to be the same release's. */
const CODENAME_REACH = 24;
/** Only marks or the system's name between them ("debian 12 (bookworm)", "bookworm, debian 12"). */
const BETWEEN_CODENAME = /^[^\p{L}\d]*(?:(?:debian|ubuntu|mac\s?os(?:\s?x)?)[^\p{L}\d]*)?$/iu;

/**
 * Whether the codename's version is written beside it. `written` is sorted by position: a binary
 * search finds the few mentions within reach, so a text of many codenames and numbers stays linear.
 */
function writtenBeside(
  text: string,
  written: readonly NumberMention[],
  codename: { at: number; end: number; value: number },
): boolean {
  let low = 0;
  let high = written.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((written[mid] as NumberMention).end < codename.at - CODENAME_REACH) low = mid + 1;
    else high = mid;
  }
  for (let k = low; k < written.length; k++) {
    const m = written[k] as NumberMention;
    if (m.at > codename.end + CODENAME_REACH) break;
    if (m.value !== codename.value) continue;
    const between =
      m.end <= codename.at ? text.slice(m.end, codename.at) : text.slice(codename.end, m.at);
    if (BETWEEN_CODENAME.test(between)) return true;
  }
  return false;
}

/** "twenty five" → 25, "two hundred" → 200, "a dozen" → 12; each run of number words is one number. */
function spelledNumbers(text: string): NumberMention[] {
  const found: NumberMention[] = [];
  let current: number | null = null;
  let currentStart = 0;
  let lastEnd = -1;
  // The run's only word, while it has one: a lone count word may start a compound.
  let lone: string | null = null;
  const close = () => {
    if (current === null) return;
    const compound = lone !== null && COMPOUND_COUNTS.has(lone);
    found.push({
      at: currentStart,
      end: lastEnd,
      value: current,
      compound: compound && startsCompound(text.slice(lastEnd, lastEnd + 60), true),
    });
    current = null;
  };
  NUMBER_WORD.lastIndex = 0;
  for (let match = NUMBER_WORD.exec(text); match !== null; match = NUMBER_WORD.exec(text)) {
    const word = (match[1] ?? '').toLowerCase();
    const start = match.index ?? 0;
    if (word === 'half' && namesAPart(text, start, start + word.length)) continue;
    const joined = current !== null && /^[\s-]*(and\s+)?$/i.test(text.slice(lastEnd, start));
    if (!joined) close();
    if (current === null) currentStart = start;
    lone = current === null ? word : null;
    const scale = SCALES[word];
    if (scale !== undefined) current = (current ?? 1) * scale;
    else current = (current ?? 0) + (UNITS[word] ?? TENS[word] ?? 0);
    lastEnd = start + (match[0]?.length ?? 0);
  }
  close();
  return found;
}

/**
 * Decision 245: "register the public half on github", "the other half" name a part of a thing, not
 * the fraction 0.5: "half" ending a noun phrase a determiner opens, after a word that is no "in",
 * "by", "a" or "and" ("cut it in half", "by half", "one and a half"), and before no "of", article
 * or noun.
 */
function namesAPart(text: string, start: number, end: number): boolean {
  const words = /(\p{L}+)[^\S\n]+(\p{L}+)[^\S\n]+$/u.exec(
    text.slice(Math.max(0, start - 40), start),
  );
  const before = words?.[2]?.toLowerCase();
  if (before === undefined || FRACTION_BEFORE.has(before)) return false;
  // Review of 245: only a half a determiner introduces ("the public half", "my other half");
  // right after a verb it is a quantity ("sell half", "delete half at random", "round half up").
  const opener = words?.[1]?.toLowerCase() ?? '';
  if (!PART_OPENERS.has(opener) && !PART_OPENERS.has(before)) return false;
  const after = /^[^\S\n]*(\p{L}*)/u.exec(text.slice(end, end + 20))?.[1]?.toLowerCase() ?? '';
  return after === '' || (STOPWORDS.has(after) && !FRACTION_AFTER.has(after));
}
const FRACTION_BEFORE = new Set([
  'in',
  'by',
  'a',
  'and',
  'to',
  'than',
  'about',
  'over',
  'under',
  'nearly',
  'almost',
]);
const PART_OPENERS = new Set(
  'the other my your his her our their its this that each either'.split(' '),
);
const FRACTION_AFTER = new Set(
  'of a an the as my your our their its this that these those'.split(' '),
);

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

function ordinals(text: string): NumberMention[] {
  const found: NumberMention[] = [];
  ORDINAL_WORD.lastIndex = 0;
  for (let match = ORDINAL_WORD.exec(text); match !== null; match = ORDINAL_WORD.exec(text)) {
    const word = (match[1] ?? '').toLowerCase();
    const at = match.index ?? 0;
    const before = text.slice(Math.max(0, at - 12), at).toLowerCase();
    if (
      word === 'second' &&
      /(\d|\b(?:per|a|each|every|one|split|milli|nano|micro))\s*-?$/.test(before)
    )
      continue;
    found.push({ at, end: at + word.length, value: ORDINAL_VALUE[word] ?? 0 });
  }
  return found;
}

/**
 * Numbers said together, and the words that say what they are (decision 154). "from 3.8 up to
 * 3.11" is one group, in order; "401 and 403" or "403 compared to 401" one group in either order;
 * numbers with a content word between them are groups of their own. A group is labelled by the
 * nearest content word before it and after it ("python 3.8", "2 years"), on the side it is read.
 */
export interface NumberGroup {
  /** Its values, in the order written, or sorted when joined by "and" / "or" / "vs". */
  readonly values: string;
  /** "<python", ">year": the nearest content word before and after the group. */
  readonly labels: string[];
}

/** What may join two numbers in either order: "401 and 403", "403 compared to 401". */
const EITHER_ORDER = /^(?:and|or|vs|versus|compared (?:to|with))$/;
/** How many words a label is looked for past the group, function words included. */
const LABEL_REACH = 3;
const WORD = /[\p{L}\p{N}]+/gu;

export function numberGroups(text: string): NumberGroup[] {
  const { mentions, spelled } = numberMentions(text);
  const runs: { mentions: NumberMention[]; eitherOrder: boolean }[] = [];
  for (const mention of mentions) {
    const last = runs.at(-1);
    const previous = last?.mentions.at(-1);
    const between = previous ? wordsIn(spelled.slice(previous.end, mention.at)) : [];
    const eitherOrder = EITHER_ORDER.test(between.join(' '));
    if (last && previous && (eitherOrder || between.every((word) => STOPWORDS.has(word)))) {
      last.mentions.push(mention);
      last.eitherOrder &&= eitherOrder;
    } else runs.push({ mentions: [mention], eitherOrder: true });
  }
  return runs.map((run, i) => {
    const values = run.mentions.map((m) => m.value);
    if (run.eitherOrder) values.sort((x, y) => x - y);
    const start = run.mentions[0]?.at ?? 0;
    const end = run.mentions.at(-1)?.end ?? 0;
    const before = wordsIn(spelled.slice(runs[i - 1]?.mentions.at(-1)?.end ?? 0, start)).reverse();
    const after = wordsIn(spelled.slice(end, runs[i + 1]?.mentions[0]?.at ?? spelled.length));
    const labels: string[] = [];
    const label = (words: string[], mark: string) => {
      const word = words.slice(0, LABEL_REACH).find((w) => !STOPWORDS.has(w) && !/\d/.test(w));
      if (word) labels.push(`${mark}${word.length > 3 ? word.replace(/s$/, '') : word}`);
    };
    label(before, '<');
    label(after, '>');
    return { values: values.join(' '), labels };
  });
}

function wordsIn(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((word) => !NUMBER_WORD_ALONE.test(word));
}
const NUMBER_WORD_ALONE = new RegExp(`^(?:${NUMBER_WORD.source.replace(/\\b/g, '')})$`, 'i');

/**
 * The same numbers said in another order (decision 154): "upgrade python 3.8 to 3.11 on ubuntu
 * 20.04" / "ubuntu 20.04: update python from 3.8 up to 3.11". Each group of one side is a group of
 * the other with the same values and a label in common that no other group of either side has:
 * "is 3.11 faster than 3.12" / "is 3.12 faster than 3.11" read ">faster" and "<faster" on each
 * number, and "node 20 … node 22" name both groups "<node", so neither says which is which.
 */
export function sameNumberGroups(a: NumberGroup[], b: NumberGroup[]): boolean {
  if (a.length !== b.length) return false;
  const onceIn = (groups: NumberGroup[]) => {
    const seen = new Map<string, number>();
    for (const label of groups.flatMap((g) => g.labels))
      seen.set(label, (seen.get(label) ?? 0) + 1);
    return (label: string) => seen.get(label) === 1;
  };
  const [aOnce, bOnce] = [onceIn(a), onceIn(b)];
  const unused = [...b];
  return a.every((group) => {
    const at = unused.findIndex(
      (other) =>
        other.values === group.values &&
        other.labels.some((l) => bOnce(l) && aOnce(l) && group.labels.includes(l)),
    );
    if (at < 0) return false;
    unused.splice(at, 1);
    return true;
  });
}
