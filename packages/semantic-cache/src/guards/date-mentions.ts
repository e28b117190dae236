// Finds the dates and times a prompt mentions and writes each in one canonical form, so "July 4,
// 1976", "4th of July 1976" and "1976-07-04" compare equal while "July 14" does not.

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_ALIASES: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY_ALIASES: Record<string, string> = {
  tues: 'tuesday',
  weds: 'wednesday',
  thur: 'thursday',
  thurs: 'thursday',
};
const HOLIDAYS = [
  'christmas eve',
  'christmas',
  "new year's eve",
  "new year's day",
  'new year',
  'thanksgiving',
  'easter',
  'halloween',
  'black friday',
];
const RELATIVE_DAYS = ['today', 'tonight', 'tomorrow', 'yesterday', 'weekend'];
/** Words that name the same period as another: "the current month" is "this month". */
const RELATIVE_WORD: Record<string, string> = {
  current: 'this',
  previous: 'last',
  past: 'last',
  coming: 'next',
};
const PERIODS = 'week|month|year|quarter|weekend|morning|afternoon|evening|night';
const SEASONS = ['spring', 'summer', 'autumn', 'winter'];

const MONTH_NAME = `(${MONTHS.join('|')}|${Object.keys(MONTH_ALIASES).join('|')})\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(\\d{4})';

interface Rule {
  /**
   * What every match holds: an ASCII digit, a word of DATE_WORD, or either. A text with neither
   * skips the rule (decision 211): most prompts and remainders hold no date.
   */
  needs: 'digit' | 'word' | 'either';
  pattern: RegExp;
  /** The canonical form, or null when the match is not a date after all (it is then left alone). */
  canonical: (match: RegExpExecArray) => string | null;
}

const monthNumber = (name: string): number => {
  const key = name.toLowerCase().replace('.', '');
  return MONTHS.indexOf(key) + 1 || MONTH_ALIASES[key] || 0;
};
const numericDate = (year = '', month = '', day = ''): string | null => {
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `date:${year}-${m}-${d}` : null;
};
const dayMonthYear = (month: string, day?: string, year?: string): string =>
  `date:${year ?? '?'}-${monthNumber(month)}-${day ? Number(day) : '?'}`;

const ASCII_DIGIT = /\d/;
/**
 * A word every match of a rule marked 'word' or 'either' holds (without a digit), in the rules'
 * own case folding (`i`, not `u`): the months' full names, "quarter", a holiday's last word, the
 * weekdays and their short forms, the relative words, the relative days and the seasons.
 */
const DATE_WORD = new RegExp(
  [
    ...MONTHS,
    'quarter',
    'christmas',
    'year',
    'thanksgiving',
    'easter',
    'halloween',
    'friday',
    ...WEEKDAYS,
    ...Object.keys(WEEKDAY_ALIASES),
    ...Object.keys(RELATIVE_WORD),
    'this',
    'next',
    'last',
    'current',
    ...RELATIVE_DAYS,
    ...SEASONS,
    'fall',
  ].join('|'),
  'i',
);

/** Ordered from the most specific form to the least; each match is masked before the next rule runs. */
const RULES: Rule[] = [
  {
    needs: 'digit',
    pattern: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g,
    canonical: (m) => numericDate(m[1], m[2], m[3]),
  },
  {
    // Day and month order is ambiguous (US vs elsewhere); both texts are read the same way.
    needs: 'digit',
    pattern: /\b(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b|\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g,
    canonical: (m) => numericDate(m[3] ?? m[6], m[1] ?? m[4], m[2] ?? m[5]),
  },
  {
    needs: 'digit',
    pattern: new RegExp(`\\b${MONTH_NAME}\\s+${DAY}\\b(?:,?\\s+${YEAR}\\b)?`, 'gi'),
    canonical: (m) => dayMonthYear(m[1] ?? '', m[2], m[3]),
  },
  {
    needs: 'digit',
    pattern: new RegExp(
      `\\b(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH_NAME}\\b(?:,?\\s+${YEAR}\\b)?`,
      'gi',
    ),
    canonical: (m) => dayMonthYear(m[2] ?? '', m[1], m[3]),
  },
  {
    needs: 'word',
    pattern: new RegExp(`\\b(${MONTHS.join('|')})(?:\\s+${YEAR})?\\b`, 'gi'),
    // "may" and "march" are also a verb: alone, only the capitalised word counts as a month.
    canonical: (m) =>
      /^(may|march)$/.test(m[1] ?? '') && !m[2] ? null : dayMonthYear(m[1] ?? '', undefined, m[2]),
  },
  {
    needs: 'either',
    pattern: /\b(?:q([1-4])|(first|second|third|fourth) quarter)\b/gi,
    canonical: (m) =>
      `quarter:${m[1] ?? ['first', 'second', 'third', 'fourth'].indexOf((m[2] ?? '').toLowerCase()) + 1}`,
  },
  {
    needs: 'digit',
    pattern: /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/gi,
    canonical: (m) =>
      `time:${(Number(m[1]) % 12) + ((m[3] ?? '').toLowerCase() === 'pm' ? 12 : 0)}:${m[2] ?? '00'}`,
  },
  {
    needs: 'digit',
    pattern: /\b(?:at\s+)?(\d{1,2}):(\d{2})\b/g,
    canonical: (m) => `time:${Number(m[1])}:${m[2]}`,
  },
  {
    needs: 'word',
    pattern: new RegExp(`\\b(${HOLIDAYS.join('|')})\\b`, 'gi'),
    canonical: (m) => `holiday:${(m[1] ?? '').toLowerCase().replace(/[’']/g, '')}`,
  },
  {
    needs: 'word',
    pattern: new RegExp(
      `\\b(${[...WEEKDAYS, ...Object.keys(WEEKDAY_ALIASES)].join('|')})s?\\b`,
      'gi',
    ),
    canonical: (m) => {
      const day = (m[1] ?? '').toLowerCase();
      return `weekday:${WEEKDAY_ALIASES[day] ?? day}`;
    },
  },
  {
    needs: 'word',
    pattern: new RegExp(
      `\\b(this|current|next|last|previous|coming|past)\\s+(${PERIODS}|${WEEKDAYS.join('|')})\\b`,
      'gi',
    ),
    canonical: (m) => {
      const which = (m[1] ?? '').toLowerCase();
      return `relative:${RELATIVE_WORD[which] ?? which}-${(m[2] ?? '').toLowerCase()}`;
    },
  },
  // "the current date" and "today's date" ask for one day.
  { needs: 'word', pattern: /\bcurrent\s+(?:date|day)\b/gi, canonical: () => 'relative:today' },
  {
    needs: 'word',
    pattern: new RegExp(`\\b(${RELATIVE_DAYS.join('|')})\\b`, 'gi'),
    canonical: (m) => `relative:${(m[1] ?? '').toLowerCase()}`,
  },
  {
    needs: 'word',
    pattern: new RegExp(`\\b(?:(in|this|next|last|the)\\s+)?(${SEASONS.join('|')}|fall)\\b`, 'gi'),
    // "fall" is a season only after "in/this/next/last/the"; otherwise it is the verb.
    canonical: (m) => {
      const season = (m[2] ?? '').toLowerCase();
      if (season === 'fall' && !m[1]) return null;
      return `season:${season === 'fall' ? 'autumn' : season}`;
    },
  },
  { needs: 'digit', pattern: /\b(1[89]\d{2}|20\d{2})\b/g, canonical: (m) => `year:${m[1]}` },
];

/**
 * The canonical date mentions of a text and the text with those mentions blanked out. One
 * replacer serves every rule (it reads the rule in hand), not a callback made per rule per text.
 */
export function findDates(text: string): { dates: string[]; rest: string } {
  // Masking a match writes spaces over it, so the text holds every digit and space-free word
  // the rules could meet later: what it lacks, no rule's match can hold.
  const digit = ASCII_DIGIT.test(text);
  const word = DATE_WORD.test(text);
  let rest = text;
  const dates: string[] = [];
  let rule = RULES[0] as Rule;
  const replace = (...args: unknown[]) => {
    const whole = String(args[0]);
    const canonical = rule.canonical(
      args.slice(0, -2).map((a) => a as string) as unknown as RegExpExecArray,
    );
    if (canonical === null) return whole;
    dates.push(canonical);
    return ' '.repeat(whole.length);
  };
  for (rule of RULES) {
    const needs = rule.needs;
    if (needs === 'digit' ? digit : needs === 'word' ? word : digit || word)
      rest = rest.replace(rule.pattern, replace);
  }
  return { dates: dates.sort(), rest };
}
