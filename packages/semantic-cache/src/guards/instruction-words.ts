// Words that change what answer is wanted even when everything else is shared: the target
// language, the output format, the audience, a constraint, or an instruction verb. When one of
// them is on one side of a near pair only, the cached answer would be for another request.
// Negations (not, without) are left to the negation guard, which knows their scope.
// Stems, as `stemOf` makes them ("bullets" → "bullet", "summarise" → "summariz").

const LANGUAGES =
  'english french spanish german italian portuguese dutch polish swedish norwegian danish finnish ' +
  'russian ukrainian chinese mandarin cantonese japanese korean arabic hebrew hindi turkish greek ' +
  'vietnamese thai indonesian latin python javascript typescript java kotlin golang go rust ruby php ' +
  'swift scala haskell perl bash powershell sql c cpp csharp fsharp';

const FORMATS =
  'json yaml xml csv table markdown html bullet numbered haiku poem sonnet limerick song tweet ' +
  'thread email letter memo essay paragraph sentence slide headline title press release ' +
  'message sms linkedin faq timeline chart diagram outline pdf png svg jpg';

const AUDIENCES =
  'child kid five beginner novice expert manager boss team colleague staff employee board customer ' +
  'client user investor executive ceo student teacher parent developer engineer support recruiter ' +
  'audience reader supplier vendor patient doctor lawyer';

const CONSTRAINTS =
  'only except exclude excluding include including under below above over fewer ' +
  'exactly maximum minimum max min vegan vegetarian gluten dairy budget cheap ' +
  'free remote formal informal casual friendly tone polite funny serious short shorter brief long ' +
  'longer detailed concise simple descending ascending afraid privately non ' +
  // What narrows the object of a software question: "a private repo", "a large CSV file", "a
  // deep merge", "unused images", "an async request". Added to a question, each asks another one.
  'private public large huge big small tiny deep shallow empty nested hidden unused custom ' +
  'default async asynchronous recursive encrypted compressed sorted unsorted unique duplicate ' +
  'partial incremental temporary permanent readonly global bare detached protected untracked ' +
  'binary raw lazy secure signed unsigned ' +
  // Where the program runs (decision 210): a production build behaves unlike the development one
  // (React runs an effect twice in development only), so "production" on one side only asks
  // about another run. Not "staging": its stem is git's "stage" ("stage part of a file").
  'production ' +
  // A count of days that leaves weekends out (decision 192): "business days", "working days".
  'workday';

/**
 * What a question measures (decision 056): "how often should I change the oil" and "how much
 * does it cost to renew a passport" want a frequency and a price, not the steps of "how do I".
 * Their synonyms (frequently, price, fee) are folded into these before the check. "Estimate the
 * effort for this PRD" wants a quantity too, not an explanation of it (decision 139).
 */
const MEASURES = 'often cost estimate';

const INSTRUCTIONS =
  'focus mention emphasize emphasise highlight skip omit leave ignore avoid assume cover add remove ' +
  'translate rewrite rephrase also then first finally instead plus cite quote metric example';

/**
 * Decision 194: constraints read from a word and its neighbours, so no stem can stand for them.
 * "all running VMs" / "the stopped containers" keep the members in one state (the verb "run"
 * stays a plain action); "commits by me" keeps the asker's own.
 */
export const RUNNING_STATE = 'state:running';
export const STOPPED_STATE = 'state:stopped';
export const ASKER_OWN = '<own>';

/** Stemmed instruction-bearing words; `stemOf` is applied when the set is built. */
export function instructionWords(stemOf: (word: string) => string): Set<string> {
  return new Set([
    ...[LANGUAGES, FORMATS, AUDIENCES, CONSTRAINTS, MEASURES, INSTRUCTIONS]
      .join(' ')
      .split(' ')
      .map(stemOf),
    RUNNING_STATE,
    STOPPED_STATE,
    ASKER_OWN,
  ]);
}

/**
 * Stemmed words that may say what a pasted text is ("this **Rust** error", "the following
 * **email**", "this **customer** complaint"): languages, formats and audiences. A constraint,
 * measure or instruction word is never what the text is: "make this email **formal**" asks for it
 * (decision 139).
 */
export function textKindWords(stemOf: (word: string) => string): Set<string> {
  return new Set([LANGUAGES, FORMATS, AUDIENCES].join(' ').split(' ').map(stemOf));
}

/**
 * Stemmed words that decide the answer even inside a rewording (decision 145): another target
 * language, audience or measure is another question however the rest is worded. A format,
 * constraint or instruction word may be waived there by the pair verifier's second look.
 */
export function fixedInstructionWords(stemOf: (word: string) => string): Set<string> {
  return new Set([LANGUAGES, AUDIENCES, MEASURES].join(' ').split(' ').map(stemOf));
}
