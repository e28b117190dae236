// Failure words ("fails to", "unable to"): a negation said another way (decision 069).
import type { Polarity } from './negation.ts';
import { matchesStem } from './opposite-stems.ts';

/**
 * Words that say an action does not happen (decision 069): "the app **fails** to start" and "the
 * app **won't** start" report one fault, as "**unable** to connect" and "can't connect" do.
 */
export const FAILURES = new Set('fail fails failed failing failure failures unable'.split(' '));

/** "fails to V" / "failed to V" / "unable to V": the V that did not happen. */
export function failedActions(words: readonly string[]): string[] {
  const actions: string[] = [];
  words.forEach((word, i) => {
    const action = words[i + 2];
    if (FAILURES.has(word) && words[i + 1] === 'to' && action) actions.push(action);
  });
  return actions;
}

/**
 * "nginx fails to start" against "nginx starts": the action one side says failed is said plainly,
 * neither negated nor failing, on the other. A failure word against a text without its action
 * ("fails to start" / "crashes on boot", a quoted error's "failed") stays with the other rules.
 */
export function failedActionSaidPlainly(failing: Polarity, plain: Polarity): boolean {
  if (failing.failedActions.length === 0 || plain.failures > 0 || plain.negations > 0) return false;
  return failing.failedActions.some((action) =>
    plain.words.some((w) => w === action || matchesStem(w, action) || matchesStem(action, w)),
  );
}

/**
 * A negation on one side answered by a failure word on the other: "won't start" / "fails to
 * start". Counted together they agree; "fails" / "doesn't fail" still differ, and a failure word
 * against no negation ("fails" / "works") is left to the other rules, as before.
 */
export function failureForNegation(a: Polarity, b: Polarity): boolean {
  return (
    a.failures !== b.failures && (a.negations + a.failures) % 2 === (b.negations + b.failures) % 2
  );
}
