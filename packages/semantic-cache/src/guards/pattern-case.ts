// Letter case is part of a regular expression: `[a-z]` and `[A-Z]`, `\d` and `\D` match other
// text, though every other reading (and the embedder) folds case, so two prompts pasting the
// pattern in another case read as one (decision 210).

/** A character class holding a letter, or a backslash escape of one. */
const PATTERN_SIGN = /\[[^\]\s]*[A-Za-z][^\]\s]*\]|\\[A-Za-z]/;

/**
 * A Windows path after its drive or server (C:\Users, \\server\share): its backslashes part
 * folders, and a folder's name is one in any case.
 */
const WINDOWS_PATH = /^(?:[A-Za-z]:\\|\\\\)/;

/** The words of a text that read as a regular expression, case kept. */
export function regexPatterns(text: string): string[] {
  if (!text.includes('[') && !text.includes('\\')) return [];
  return text.split(/\s+/).filter((word) => PATTERN_SIGN.test(word) && !WINDOWS_PATH.test(word));
}

/** Whether a pattern of one side is written on the other in another case only. */
export function patternsDifferInCase(a: readonly string[], b: readonly string[]): boolean {
  return a.some((p) => b.some((q) => q !== p && q.toLowerCase() === p.toLowerCase()));
}
