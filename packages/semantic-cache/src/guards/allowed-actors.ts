// Who may do what: "everyone can view but only my team can edit" / "only my team can view" give
// viewing to different people. An action given to everyone on one side and kept to "only" some on
// the other is another permission asked for.

const MODAL =
  '(?:can|may|could|should|is\\s+allowed\\s+to|are\\s+allowed\\s+to|is\\s+able\\s+to|are\\s+able\\s+to)';
const EVERYONE = '(?:everyone|everybody|anyone|anybody|all\\s+users|the\\s+public)';
/** "everyone can view", "anyone may comment". */
const OPEN_TO_ALL = new RegExp(`\\b${EVERYONE}\\s+(?:else\\s+)?${MODAL}\\s+(\\w+)`, 'gi');
/** "only my team can edit", "only admins may delete": at most three words name who. */
const KEPT_TO_SOME = new RegExp(`\\bonly\\s+(?:\\S+\\s+){1,3}?${MODAL}\\s+(\\w+)`, 'gi');

export interface AllowedActions {
  /** Actions everyone may do. */
  open: Set<string>;
  /** Actions only some may do. */
  kept: Set<string>;
}

export function allowedActions(text: string): AllowedActions {
  const verbs = (pattern: RegExp) =>
    new Set([...text.matchAll(pattern)].map((match) => (match[1] ?? '').toLowerCase()));
  return { open: verbs(OPEN_TO_ALL), kept: verbs(KEPT_TO_SOME) };
}

/** One action open to everyone on one side and kept to some on the other. */
export function allowedActorsDiffer(a: AllowedActions, b: AllowedActions): boolean {
  const crosses = (x: AllowedActions, y: AllowedActions) =>
    [...x.open].some((verb) => y.kept.has(verb) && !x.kept.has(verb));
  return crosses(a, b) || crosses(b, a);
}
