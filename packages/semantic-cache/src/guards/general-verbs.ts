// Decision 069: "get" and "make" are read as question frames ("how do I get X installed", "make
// it work") and leave the diff, so a prompt that says the action with them ("getting the
// connection string out of appsettings.json", "make the email field unique using an index") lost
// its verb against a prompt that names it ("read a connection string", "create a unique index").
// Each is kept aside as the group of actions it can stand for, and cancels one changed verb of
// that group on the other side; any other verb there still counts.

import { stemOf } from './word-stem.ts';

/** What "get" stands for: reading what is there. */
const GET_STANDS_FOR = 'check';
/** Forms of a general verb → an action of the group it can stand for (`ACTION_GROUPS`). */
const GENERAL_VERBS = new Map([
  ['get', GET_STANDS_FOR],
  ['gets', GET_STANDS_FOR],
  ['getting', GET_STANDS_FOR],
  ['make', 'create'],
  ['makes', 'create'],
  ['making', 'create'],
]);

/**
 * Decision 243: "show" frames a request for what is there, as "get" does ("show the crontab",
 * "show the git remote url"), and is dropped as a request word, so against "edit the crontab" the
 * diff read one word added alone. Not "show me how to …", which frames the steps the other verb
 * asks for, nor a noun ("a show"). It stands for a reading only against a verb that changes what
 * is there (`generalVerbSwapped`), and cancels no reading verb of the other side: "show" beside
 * "list" or "see" already reads as framing, and cancelling it there left a small swap of the rest
 * ("see hidden dotfiles" / "show hidden files").
 */
const SHOWN = 'shown';
const SHOW_FORMS = new Set('show shows showing'.split(' '));
const HOW_WITHIN = 2;
const NOUN_OPENERS = new Set('a an the this that my your'.split(' '));
function showsWhatIsThere(tokens: readonly string[], i: number): boolean {
  return (
    SHOW_FORMS.has(tokens[i] ?? '') &&
    !NOUN_OPENERS.has(tokens[i - 1] ?? '') &&
    !tokens.slice(i + 1, i + 1 + HOW_WITHIN).includes('how')
  );
}

/**
 * Particles that make another verb of "get" or "make" within two words: "get **them back**"
 * (restore), "make **up**", "get **over**". Such a verb stands for no action of the group.
 */
const PARTICLES = new Set('back up off over away along around through down in on'.split(' '));

/**
 * Decision 210: "turn X into Y" is "make X into Y", Y made out of X ("turn a .env file into a
 * secret" / "create a secret from a .env file"): it stands for a making action (below), and keeps
 * its own word, which against any other verb reads as a swap as before. "Into" within a few
 * words, and no particle between ("turn it on", which the synonym table reads as "enable" when
 * written together).
 */
const TURN_FORMS = new Set('turn turns turning'.split(' '));
/**
 * What "turn X into Y" stands for: Y made out of X, so "create" and "generate", never "add", which
 * puts X in Y whole ("turn a string into a list" / "add a string to a list", decision 210 review).
 */
const MADE_OUT_OF = 'made-out-of';
const MADE_OUT_OF_VERBS = new Set(['create', 'generate'].map(stemOf));
const INTO_WITHIN = 6;
function turnsInto(tokens: readonly string[], i: number): boolean {
  if (!TURN_FORMS.has(tokens[i] ?? '')) return false;
  for (let k = i + 1; k < tokens.length && k <= i + INTO_WITHIN; k++) {
    const token = tokens[k] ?? '';
    if (token === 'into') return true;
    if (PARTICLES.has(token)) return false;
  }
  return false;
}

/**
 * The action each general verb of a prompt can stand for: those of `tokens` in order, then each
 * "show" of `written`, the words before the synonym table dropped "show me" as a frame ("show me
 * the crontab").
 */
export function generalVerbsOf(
  tokens: readonly string[],
  written: readonly string[] = tokens,
): string[] {
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (turnsInto(tokens, i)) {
      found.push(MADE_OUT_OF);
      continue;
    }
    const action = GENERAL_VERBS.get(tokens[i] ?? '');
    if (action !== undefined && !particleAfter(tokens, i)) found.push(action);
  }
  for (let i = 0; i < written.length; i++)
    if (showsWhatIsThere(written, i) && !particleAfter(written, i)) found.push(SHOWN);
  return found;
}

function particleAfter(tokens: readonly string[], i: number): boolean {
  return PARTICLES.has(tokens[i + 1] ?? '') || PARTICLES.has(tokens[i + 2] ?? '');
}

/**
 * The changed words of each side without the verbs a general verb of the other side stands for:
 * "getting X out of Y" / "read X from Y" cancels, "getting X" / "delete X" does not.
 * `sameGroup` says whether a changed word is an action of the general verb's group.
 */
export function withoutGeneralVerbs(
  diff: { onlyA: string[]; onlyB: string[] },
  verbsA: readonly string[],
  verbsB: readonly string[],
  sameGroup: (word: string, action: string) => boolean,
): { onlyA: string[]; onlyB: string[] } {
  if (verbsA.length === 0 && verbsB.length === 0) return diff;
  return {
    onlyA: cancel(diff.onlyA, unmatched(verbsB, verbsA), sameGroup),
    onlyB: cancel(diff.onlyB, unmatched(verbsA, verbsB), sameGroup),
  };
}

function cancel(
  words: string[],
  verbs: readonly string[],
  sameGroup: (word: string, action: string) => boolean,
): string[] {
  const left = [...verbs];
  return words.filter((word) => {
    const at = left.findIndex((action) => standsFor(action, word, sameGroup));
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

function standsFor(
  action: string,
  word: string,
  sameGroup: (word: string, action: string) => boolean,
): boolean {
  if (action === SHOWN) return false;
  return action === MADE_OUT_OF ? MADE_OUT_OF_VERBS.has(word) : sameGroup(word, action);
}

/**
 * Decision 224: a general verb both prompts write is the same word on each side ("flutter pub get
 * fails …" in both), so it stands for no verb that one of them changed; only the ones the other
 * side has no match for are kept.
 */
function unmatched(verbs: readonly string[], other: readonly string[]): readonly string[] {
  if (other.length === 0) return verbs;
  // Counted per action, not matched by a walk: a pasted text of many "get"s stays linear.
  const left = new Map<string, number>();
  for (const verb of other) left.set(verb, (left.get(verb) ?? 0) + 1);
  return verbs.filter((verb) => {
    const count = left.get(verb) ?? 0;
    if (count === 0) return true;
    left.set(verb, count - 1);
    return false;
  });
}

/**
 * Decision 224 review: how many general verbs both prompts write, each a word the two share. Left
 * out of the shared count, a verb one side adds and no longer cancelled made the changed words
 * outgrow a small swap ("kubectl get pods …, how do I view the logs" / "…, how do I fix it").
 */
export function sharedGeneralVerbs(verbsA: readonly string[], verbsB: readonly string[]): number {
  if (verbsA.length === 0 || verbsB.length === 0) return 0;
  return verbsA.length - unmatched(verbsA, verbsB).length;
}

/**
 * Verbs that change what is there, the opposite of reading it: what "get" never stands for.
 * Decision 236: not every other action, as "get" also counts and achieves ("get the number of
 * distinct values" / "count distinct values", "get better at push-ups" / "increase …").
 */
const WRITES = new Set(
  'set change configure edit delete remove rename replace reset'.split(' ').map(stemOf),
);

const readsWhatIsThere = (action: string) => action === GET_STANDS_FOR || action === SHOWN;

/**
 * Decision 243: words that say what a reading returns ("get the current value of a git config
 * setting"): the reading side may add them against "change a git config setting" and still ask
 * the opposite of it.
 */
const READ_RETURNS = new Set('current value content'.split(' ').map(stemOf));

/**
 * Decision 236: one prompt is the other with one verb that changes what is there where the other
 * has "get" alone: "get the current value of a setting" / "change the current value …". "get"
 * leaves the diff as a question frame, so "change" read as one word added alone. Nothing else may
 * differ ("get a deleted file back and keep my work", "set a timeout on a requests.get call") but
 * what a reading returns (decision 243).
 */
export function generalVerbSwapped(
  onlyX: readonly string[],
  onlyY: readonly string[],
  verbsX: readonly string[],
  verbsY: readonly string[],
): boolean {
  const [added] = onlyY;
  return (
    onlyX.every((word) => READ_RETURNS.has(word)) &&
    onlyY.length === 1 &&
    WRITES.has(stemOf(added ?? '')) &&
    unmatched(verbsX, verbsY).some(readsWhatIsThere)
  );
}
