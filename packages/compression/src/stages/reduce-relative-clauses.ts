// Aggressive level: a relative clause made of "that/which/who" and a form of "be" before a
// participle says no more than the participle alone ("the files that are stored in S3" → "the
// files stored in S3"; "a tool which is popular" stays: an adjective would read as a new clause).
// Runs on masked text, so a name or number after the clause is a placeholder and never matched.
const RELATIVE_BE =
  /(?<=[A-Za-z] )(?:that|which|who) (?:is|are|was|were) (?=(?:[a-z]{2,}(?:ed|en|wn)|been|done|gone|[a-z]{2,}ing)\b)/g;

/** "which are stored" → "stored"; "who is returning" → "returning". */
export function reduceRelativeClauses(text: string): string {
  return text.replace(RELATIVE_BE, '');
}
