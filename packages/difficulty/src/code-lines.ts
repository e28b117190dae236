import { eitherOf, SHORT_TEXT_CHARS } from './pattern-sets.ts';

// Line-level recognisers shared by the code signal and by the reader that keeps pasted code and
// logs out of the instruction text. Each pattern is anchored or built from bounded pieces so that
// long pasted text cannot make it backtrack.

const CODE_LINE = [
  /^\s*(?:async\s+)?(?:def|class|fn|func)\s+\w+.*[:({]\s*$/,
  /^\s*(?:const|let|var)\s+\w+\s*=/,
  /^\s*(?:import\s+[\w{*]|from\s+[\w.]+\s+import\s)/,
  /^\s*(?:public|private|protected|static)\s+[\w<>[\]]+\s+\w+\s*\(/,
  /^\s*#include\s*[<"]/,
  /^\s*(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|ALTER TABLE)\s/,
  /[;{]\s*$/,
  /^\s*[}\])]+[;,)]*\s*$/,
  /\w\.\w+\([^)\n]*\)/,
  /=>|!==|===|::|\+\+|&&|\|\|/,
];

const LOG_LINE = [
  /^Traceback \(most recent call last\)/,
  /^\s+at \S.*:\d+/,
  /File "[^"\n]+", line \d+/,
  /^\s*(?:[\w$]+\.)+\w*(?:Error|Exception)\b/,
  // Tested, never matched for its text: a word character before the name says as much as
  // \b\w+ did, without retrying every word from each of its letters.
  /\w(?:Error|Exception): /,
  /^panic: /,
  /^goroutine \d+ \[/,
  /^error\[E\d+\]/,
  /^\d{4}-\d{2}-\d{2}[T ][\d:.]+Z?\s.*\b(?:ERROR|WARN|FATAL)\b/,
];

// One run of the alternation per line instead of one per pattern: on a short line the fixed cost
// of each run dominates. On a long line the cost per character does, and the separate patterns
// are cheaper there (anchored ones fail at once; decision 055). Same answers either way.
const ANY_CODE_LINE = eitherOf(CODE_LINE);
const ANY_LOG_LINE = eitherOf(LOG_LINE);

export function isCodeLine(line: string): boolean {
  if (line.length > SHORT_TEXT_CHARS) return CODE_LINE.some((pattern) => pattern.test(line));
  return ANY_CODE_LINE.test(line);
}

/** A stack frame, an exception line or a timestamped error log line. */
export function isLogLine(line: string): boolean {
  if (line.length > SHORT_TEXT_CHARS) return LOG_LINE.some((pattern) => pattern.test(line));
  return ANY_LOG_LINE.test(line);
}
