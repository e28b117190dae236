// Letter case is part of a regular expression: `[a-z]` and `[A-Z]`, `\d` and `\D` match other
// text, though every other reading (and the embedder) folds case, so two prompts pasting the
// pattern in another case read as one (decision 210).

/**
 * A character class holding a letter, or a backslash escape of one. The class reads no `[` and
 * no letter before its first letter, so no text backtracks: a 16k word of `[a` took minutes.
 */
const PATTERN_SIGN = /\[[^\][\sA-Za-z]*[A-Za-z][^\][\s]*\]|\\[A-Za-z]/;

/**
 * A Windows path: after its drive (`C:\Users`, `open(r'C:\Temp')`), or names parted by single
 * backslashes (`venv\Scripts\activate`, `%APPDATA%\Code`, `HKEY_LOCAL_MACHINE\SOFTWARE`,
 * `\\server\share`, the second word of `C:\Program Files\Microsoft`). Its backslashes part
 * folders, and a folder's name is one in any case. A name must come first and hold no regex
 * sign: `\bcat\b`, `\d+`, `foo\d+` and Java's `\\w\\s` are patterns.
 */
function isWindowsPath(word: string): boolean {
  if (DRIVE.test(word)) return true;
  const parts = withoutClosers(word).split('\\');
  const head = parts[0] ?? '';
  const first = head.slice(Math.max(...[...OPENERS].map((c) => head.lastIndexOf(c))) + 1);
  const server = first === '' && parts[1] === '' && parts.length > 2;
  const names = server ? parts.slice(2) : [first, ...parts.slice(1)];
  return names.length >= (server ? 1 : 2) && names.every((name) => NAME.test(name));
}
function withoutClosers(word: string): string {
  let end = word.length;
  while (end > 0 && CLOSERS.includes(word[end - 1] ?? '')) end--;
  return word.slice(0, end);
}
const DRIVE = /(?:^|[^\p{L}\p{N}_])[A-Za-z]:\\/u;
const OPENERS = '"\'`(=';
const CLOSERS = '"\'`),.;:!?';
const NAME = /^[\p{L}\p{N}_.%~()@-]+$/u;

/**
 * A markdown link, `[text](target)`: its text names a page in any case. A target holding a regex
 * sign (`[A-Z](\d+)`, `[a-z](.*)`) is a group after a class.
 */
const MARKDOWN_LINK = /^\[[^\]]*\]\([^()\s\\*+|^$]+\)[,.;:!?]*$/;

/** The words of a text that read as a regular expression, case kept. */
export function regexPatterns(text: string): string[] {
  if (!text.includes('[') && !text.includes('\\')) return [];
  return text
    .split(/\s+/)
    .filter((word) => PATTERN_SIGN.test(word) && !isWindowsPath(word) && !MARKDOWN_LINK.test(word));
}

/** Whether a pattern of one side is written on the other in another case only. */
export function patternsDifferInCase(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  // By folded form, so two long prompts of many patterns cost one pass each, not every pair.
  const written = new Map<string, Set<string>>();
  for (const q of b) {
    const folded = q.toLowerCase();
    const forms = written.get(folded) ?? new Set<string>();
    forms.add(q);
    written.set(folded, forms);
  }
  return a.some((p) => {
    const forms = written.get(p.toLowerCase());
    return forms !== undefined && (forms.size > 1 || !forms.has(p));
  });
}
