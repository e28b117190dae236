// Canonical words for common ways of asking the same thing. Word vectors alone cannot do this:
// in GloVe "remove"/"delete" (0.54) sit further apart than "buy"/"sell" (0.94), so a paraphrase
// with a synonym would score below a question that asks the opposite. Only true equivalents go
// here, never opposites or sibling terms (Python/Java, sort/reverse).

import { PRODUCT_SHORT_NAMES } from '../lib/product-short-names.ts';
import { PhraseIndex } from './phrase-index.ts';

/** Multi-word expressions, replaced before single words. Longest first within each entry. */
const PHRASES: [string, string][] = [
  ['get rid of', 'remove'],
  ['clean up', 'remove'],
  ['clear out', 'remove'],
  ['look up', 'find'],
  ['find out', 'check'],
  ['make a new', 'create'],
  ['make new', 'create'],
  ['figure out', 'calculate'],
  ['work out', 'calculate'],
  ['formula for', 'calculate'],
  ['formula to', 'calculate'],
  ['make sure', 'check'],
  ['tell if', 'check if'],
  ['tell whether', 'check whether'],
  ['turn on', 'enable'],
  ['switch on', 'enable'],
  ['turn off', 'disable'],
  ['switch off', 'disable'],
  ['log in', 'login'],
  ['sign in', 'login'],
  ['log out', 'logout'],
  ['sign out', 'logout'],
  ['sign up', 'signup'],
  ['set up', 'configure'],
  ['deal with', 'handle'],
  ['keep from', 'prevent'],
  ['instead of', 'substitute'],
  ['in place of', 'substitute'],
  ['similar to', 'similar'],
  ['difference between', 'difference'],
  ['different from', 'difference'],
  ['compared to', 'difference'],
  ['compared with', 'difference'],
  // "how many X" and "the number of X" ask for the same quantity; the X carries the meaning.
  ['number of', ''],
  ['amount of', ''],
  ['how many', ''],
  ['how much', ''],
  ['how often', 'often'],
  ['how frequently', 'often'],
  ['how old', 'age'],
  ['how far', 'distance'],
  ['how fast', 'speed'],
  ['what year', 'when'],
  ['which year', 'when'],
  ['what date', 'when'],
  ['what time', 'when'],
  ['what causes', 'why'],
  ['what makes', 'why'],
  ['what is causing', 'why'],
  ['reason for', 'why'],
  // Asking what is wrong asks for the cause (decision 069): "the app won't start, what's wrong?"
  // = "… can you tell me the cause?" = "why won't it start?". "What's" reads as "what".
  ['what could be wrong', 'why'],
  ['what is going wrong', 'why'],
  ['what going wrong', 'why'],
  ['what went wrong', 'why'],
  ['what is wrong', 'why'],
  ['what wrong', 'why'],
  ['what is the problem', 'why'],
  ['what the problem', 'why'],
  ['throw up', 'vomit'],
  ['new to', 'beginner'],
  ['get started', 'start'],
  ['kick off', 'start'],
  ['sum up', 'summarize'],
  // One format or audience said two ways (decision 069): "boil this down to three bullets for my
  // colleagues" = "summarize this in three bullet points for my team".
  ['boil down', 'summarize'],
  ['bullet points', 'bullet'],
  ['bullet point', 'bullet'],
  ['deduplicate', 'remove duplicate'],
  ['dedupe', 'remove duplicate'],
  ['at most', 'maximum'],
  ['two factor', '2fa'],
  ['multi factor', '2fa'],
  ['virtual environment', 'venv'],
  ['large language model', 'llm'],
  ['large language models', 'llm'],
  ['language model', 'llm'],
  ['language models', 'llm'],
  ['united states', 'us'],
  ['web site', 'website'],
  ['e mail', 'email'],
  ['wi fi', 'wifi'],
  ['another word for', 'synonym for'],
  ['money back', 'refund'],
  ['day of the week', 'weekday'],
  ['opening hours', 'when open'],
  ['how long', 'long'],
  ['show me', ''],
  // Product and field names written in two words or one: "VS Code" must not read as "versus code".
  ['visual studio code', 'vscode'],
  ['vs code', 'vscode'],
  ['mac os', 'macos'],
  ['os x', 'macos'],
  ['front end', 'frontend'],
  ['back end', 'backend'],
  ['full stack', 'fullstack'],
  ['table of contents', 'toc'],
  ['google cloud platform', 'gcp'],
  ['google cloud', 'gcp'],
  ['regular expression', 'regex'],
  ['regular expressions', 'regex'],
  ['status code', 'status'],
  ['i would like', ''],
  // Where it runs (decision 069): "delete a branch on my machine" = "delete a local branch".
  // A device ("on my laptop", "on my computer") stays: "on a laptop" asks about the device.
  ['on my machine', 'local'],
  // An age is a child audience (decision 066): "for a 10-year-old" = "for a kid around 10",
  // "like I'm five" = "to a 5 year old"; the number guard still tells 5 from 15.
  ['like i am five', '5 child'],
  ['like i am 5', '5 child'],
  ['years old', 'child'],
  ['year old', 'child'],
];

/** Canonical word → its equivalents (inflected forms are covered by stemming). */
const WORDS: Record<string, readonly string[]> = {
  ...PRODUCT_SHORT_NAMES,
  remove: ['delete', 'erase', 'eliminate', 'clear'],
  create: ['generate'],
  find: ['locate', 'detect', 'identify', 'discover'],
  check: ['verify', 'test', 'validate', 'see', 'view', 'show', 'display', 'inspect'],
  change: ['update', 'modify', 'alter', 'edit', 'switch'],
  fix: ['resolve', 'solve', 'repair', 'troubleshoot'],
  increase: ['raise', 'boost', 'improve', 'enhance'],
  reduce: ['lower', 'decrease', 'cut', 'minimise', 'minimize', 'lessen', 'shrink'],
  start: ['begin', 'commence'],
  end: ['finish'],
  prevent: ['avoid'],
  buy: ['purchase'],
  recommend: ['suggest'],
  mean: ['meaning', 'definition', 'define', 'signify'],
  summarize: ['summarise', 'summary', 'recap'],
  brief: ['briefly', 'short', 'concise'],
  difference: ['different', 'differ', 'versus', 'vs', 'compare', 'comparison'],
  reverse: ['flip'],
  calculate: ['compute', 'determine'],
  configure: ['setup', 'config', 'configuration'],
  setting: ['option', 'parameter', 'flag'],
  expire: ['expiration', 'expiry'],
  automatic: ['auto'],
  why: ['cause'],
  long: ['length'],
  run: ['execute'],
  kill: ['terminate'],
  unique: ['distinct'],
  duplicate: ['dupe', 'duplicated'],
  probability: ['odds', 'chance', 'likelihood'],
  dangerous: ['harmful', 'unsafe', 'toxic', 'poisonous'],
  safe: ['safely'],
  similar: ['like', 'alike'],
  substitute: ['replacement', 'alternative'],
  beginner: ['novice', 'newbie'],
  often: ['frequently', 'frequency'],
  vomit: ['puke'],
  food: ['meal', 'eat', 'ate'],
  tax: ['taxed', 'taxable', 'taxation'],
  gain: ['profit', 'earnings'],
  salary: ['wage', 'compensation'],
  vacation: ['pto', 'holiday'],
  employee: ['staff', 'worker'],
  team: ['colleague', 'coworker', 'teammate'],
  report: ['writeup'],
  cost: ['price', 'fee'],
  cheap: ['inexpensive', 'affordable'],
  fast: ['quick', 'quickly', 'rapid', 'rapidly', 'speedy'],
  large: ['big', 'huge'],
  small: ['tiny', 'little'],
  ship: ['delivery', 'deliver'],
  movie: ['film'],
  car: ['vehicle', 'automobile'],
  image: ['picture', 'photo', 'img'],
  phone: ['smartphone', 'cellphone'],
  child: ['kid'],
  directory: ['folder', 'dir'],
  dictionary: ['dict'],
  repository: ['repo'],
  environment: ['env'],
  variable: ['var'],
  database: ['db'],
  application: ['app'],
  documentation: ['docs'],
  information: ['info'],
  authentication: ['auth'],
  venv: ['virtualenv'],
  regex: ['regexp'],
  export: ['dump'],
  email: ['mail', 'e-mail'],
  website: ['site', 'webpage'],
  integer: ['int'],
  cron: ['crontab'],
  function: ['func', 'fn'],
  argument: ['arg', 'args'],
  message: ['msg'],
  password: ['passwd', 'pwd'],
  developer: ['programmer', 'coder', 'dev'],
  company: ['business', 'firm'],
  apology: ['sorry', 'apologize', 'apologise'],
  sick: ['ill'],
  advertisement: ['ad', 'advert'],
  convert: ['conversion'],
  add: ['insert'],
  cryptocurrency: ['crypto'],
  '2fa': ['mfa'],
  llm: ['llms'],
  us: ['usa'],
  wifi: ['wireless'],
  percent: ['percentage'],
  '0': ['zero'],
  '2': ['two', 'twice'],
  '3': ['three', 'thrice'],
  '4': ['four'],
  '5': ['five'],
  '6': ['six'],
  '7': ['seven'],
  '8': ['eight'],
  '9': ['nine'],
  '10': ['ten'],
  '12': ['twelve', 'dozen'],
  '20': ['twenty'],
  '100': ['hundred'],
  '1000': ['thousand'],
  kilometer: ['kilometre', 'km'],
  meter: ['metre'],
  liter: ['litre'],
  color: ['colour'],
  center: ['centre'],
  favorite: ['favourite'],
  organize: ['organise'],
  optimize: ['optimise'],
  analyze: ['analyse'],
  behavior: ['behaviour'],
  license: ['licence'],
  cancel: ['cancelled', 'canceled'],
  travel: ['travelling', 'traveling'],
  // Common software abbreviations (decision 047), written from general usage, not from eval pairs.
  // Ambiguous ones are left out: tf (Terraform / TensorFlow), sync, min, sec, gh, ms.
  dataframe: ['df'],
  pandas: ['pd'],
  numpy: ['np'],
  certificate: ['cert'],
  credential: ['creds', 'cred'],
  dependency: ['deps'],
  package: ['pkg'],
  library: ['lib'],
  permission: ['perms'],
  production: ['prod'],
  windows: ['win'],
  exit: ['quit'],
  go: ['golang'],
  hour: ['hr', 'hrs'],
  year: ['yr', 'yrs'],
};

interface Phrase {
  words: string[];
  replacement: string[];
}

export interface SynonymTable {
  /** Multi-word expressions, longest first. */
  phrases: PhraseIndex<Phrase>;
  words: Map<string, string>;
}

/** Builds the lookup once; words are keyed by their base form so "deletes" and "deleted" map too. */
export function buildSynonymTable(baseForm: (word: string) => string): SynonymTable {
  const words = new Map<string, string>();
  for (const [canonical, variants] of Object.entries(WORDS)) {
    for (const variant of variants) words.set(baseForm(variant), canonical);
  }
  const phrases = PHRASES.flatMap(([from, to]) =>
    withSplitParticle(from.split(' ')).map((words) => ({
      words,
      replacement: to ? to.split(' ') : [],
    })),
  ).sort((a, b) => b.words.length - a.words.length);
  return { phrases: new PhraseIndex(phrases, (phrase) => phrase.words), words };
}

/** Particles a phrasal verb may put after its object: "boil **this** down", "turn **it** off". */
const PARTICLES = new Set('up down out off on in'.split(' '));
/** Objects that only point at what is asked about, read between a verb and its particle. */
const POINTING_OBJECTS = ['it', 'this', 'that', 'them', 'these', 'the following'];

/**
 * A two-word phrasal verb as written with its particle and, split, with a pointing object
 * between (decision 069): "boil the following down to three bullets" asks what "boil down" does.
 * An object that names something ("turn the wifi off") stays outside the table: the phrase
 * index reads words in a row, and the object is content the other prompt must share.
 */
function withSplitParticle(words: string[]): string[][] {
  const [verb, particle] = words;
  if (
    words.length !== 2 ||
    verb === undefined ||
    particle === undefined ||
    !PARTICLES.has(particle)
  )
    return [words];
  return [words, ...POINTING_OBJECTS.map((object) => [verb, ...object.split(' '), particle])];
}

/**
 * "one line at a time" says what "line by line" says (decision 069), for any noun: the
 * replacement is built from the words, so the table cannot list it.
 */
function oneAtATime(tokens: readonly string[], i: number): string[] | undefined {
  if (tokens[i] !== 'one' || tokens[i + 2] !== 'at' || tokens[i + 3] !== 'a') return undefined;
  const noun = tokens[i + 1];
  return noun !== undefined && tokens[i + 4] === 'time' ? [noun, 'by', noun] : undefined;
}

/**
 * Rewrites multi-word expressions in a token list. Most prompts hold none: the list is copied
 * only from the first rewrite, else the input itself comes back (it runs on every lookup).
 */
export function replacePhrases(tokens: readonly string[], table: SynonymTable): readonly string[] {
  let out: string[] | undefined;
  let i = 0;
  while (i < tokens.length) {
    const each = oneAtATime(tokens, i);
    const phrase = each ? undefined : table.phrases.at(tokens, i);
    if (each || phrase) out ??= tokens.slice(0, i);
    if (each) {
      out?.push(...each);
      i += 5;
    } else if (phrase) {
      out?.push(...phrase.replacement);
      i += phrase.words.length;
    } else {
      out?.push(tokens[i] ?? '');
      i++;
    }
  }
  return out ?? tokens;
}
