// Spots names from code: anything in backticks, snake_case, camelCase, dotted member paths,
// calls, CLI flags, file names and paths. Two prompts about `getUserById`
// and `getUsersByIds` read almost the same, yet their answers are about different functions.
import { isContentToken } from '../embedding/question-tokens.ts';

/**
 * Each pattern with a test its text must pass before the pattern can match anywhere in it: a
 * character every match holds. Matches are blanked with spaces, which adds no such character, so
 * the test on the whole text holds for every pattern's turn; a prompt without a backtick, a slash
 * or an underscore skips those patterns (a regex run costs a few µs whatever it finds).
 */
export const IDENTIFIER_PATTERNS: readonly {
  pattern: RegExp;
  mayMatch: (text: string) => boolean;
  /** Whether a match names code; every match does when absent. */
  keeps?: (name: string) => boolean;
}[] = [
  { pattern: /`([^`\n]+)`/g, mayMatch: holds('`') },
  { pattern: /(?<![\w-])(--?[a-z][\w-]*)/gi, mayMatch: holds('-') },
  { pattern: /(?<![\w/.-])((?:\.{0,2}\/)?[\w.-]+\/[\w./-]+)/g, mayMatch: holds('/') },
  {
    pattern: /(?<![\w.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)(?:\(\))?/g,
    mayMatch: holds('.'),
  },
  {
    pattern:
      /(?<![\w.-])(\.?[\w-]+\.(?:json|ya?ml|toml|ini|env|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|java|kt|cs|cpp|c|h|sh|md|txt|csv|sql|lock|xml|html|css|gitignore|dockerignore))\b/gi,
    mayMatch: holds('.'),
  },
  {
    pattern: /(?<![\w.])(\.(?:env|gitignore|dockerignore|npmrc|bashrc|zshrc)[\w.-]*)/g,
    mayMatch: holds('.'),
  },
  {
    pattern: /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g,
    mayMatch: holds('_'),
  },
  // camelCase needs a capitalised word part: "useEffect", not "macOS" or "iOS". PascalCase words
  // ("HashMap", "PostgreSQL", "GitHub") are left to the entity guard: most are product names.
  // Blanking never puts two letters side by side, so the pair is there before any blanking too.
  {
    pattern: /\b([a-z]+(?:[A-Z][a-z0-9]+)+[A-Za-z0-9]*)\b/g,
    mayMatch: (text) => LOWER_THEN_UPPER.test(text),
  },
  { pattern: /\b([A-Za-z_]\w*\([^()\n]*\))/g, mayMatch: holds('(') },
  // Decision 245: "v-if" / "v-for", "ng-if", "x-show": a short prefix joined to a word the content
  // reading drops, which alone tells the directive apart. "e-mail", "x-axis" join a content word
  // and stay words; "re-", "co-", "un-" are English prefixes ("re-run", "co-author").
  {
    pattern: /(?<![\w-])([a-z]{1,2}-[a-z]+)(?![\w-])/gi,
    mayMatch: holds('-'),
    keeps: (name) => {
      const [prefix = '', word = ''] = name.toLowerCase().split('-');
      return !ENGLISH_PREFIXES.has(prefix) && !isContentToken(word);
    },
  },
  // "@if" / "@for" (Angular blocks), "#if" / "#each" (templates), "::before" / "::after": the mark
  // makes the word a name, which the content reading would drop or read as an everyday word.
  {
    pattern: /(?<![\w:@#])((?:@|#|::)[a-z][\w-]*)/gi,
    mayMatch: (text) => SIGIL.test(text),
  },
];

const ENGLISH_PREFIXES = new Set(['re', 'co', 'de', 'un', 'ex', 'bi', 'in', 'up', 'on', 'no']);
const SIGIL = /[@#]|::/;

const LOWER_THEN_UPPER = /[a-z][A-Z]/;

function holds(character: string): (text: string) => boolean {
  return (text) => text.includes(character);
}

/** Lower-cased identifiers with backticks and a trailing "()" removed, and the text without them. */
export function findIdentifiers(text: string): { identifiers: string[]; rest: string } {
  const identifiers = new Set<string>();
  let rest = text;
  for (const { pattern, mayMatch, keeps } of IDENTIFIER_PATTERNS) {
    if (!mayMatch(text)) continue;
    rest = rest.replace(pattern, (whole: string, name: string) => {
      const clean = canonicalIdentifier(name);
      if (!clean || (keeps && !keeps(name))) return whole;
      identifiers.add(clean);
      return ' '.repeat(whole.length);
    });
  }
  return { identifiers: [...identifiers], rest };
}

/** File name endings, which a dotted name may end with ("settings.json"): then it names no member. */
const FILE_ENDINGS = new Set(
  'json yaml yml xml toml ini env js mjs cjs ts tsx jsx py rb go rs java kt cs cpp c h sh md txt csv sql lock html css log conf cfg'.split(
    ' ',
  ),
);

/**
 * Decision 233: the member a dotted path names ("models.charfield" → "charfield", "pd.read_csv" →
 * "read_csv"), which a rewording may write without its owner; undefined for a name without an
 * owner or a file name ("settings.json"). Nor for a member any prompt writes as a plain word, a
 * function word or a question frame ("requests.get", "promise.all"): "the default timeout of get"
 * names no function (review of 233).
 */
export function memberOf(identifier: string): string | undefined {
  const dot = identifier.lastIndexOf('.');
  if (dot <= 0 || !/^[a-z_$][\w$]*(?:\.[a-z_$][\w$]*)+$/.test(identifier)) return undefined;
  const member = identifier.slice(dot + 1);
  return FILE_ENDINGS.has(member) || !isContentToken(member) ? undefined : member;
}

/** Empty when the match holds no letter ("50/30/20", "140/90" are numbers, not paths). */
export function canonicalIdentifier(name: string): string {
  const clean = name
    .trim()
    .replace(/\(\)$/, '')
    .replace(/[.,;:?!]+$/, '')
    .toLowerCase();
  return /[a-z]/.test(clean) ? clean : '';
}
