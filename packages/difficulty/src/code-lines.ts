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

export function isCodeLine(line: string): boolean {
  return CODE_LINE.some((pattern) => pattern.test(line));
}

/** A stack frame, an exception line or a timestamped error log line. */
export function isLogLine(line: string): boolean {
  return LOG_LINE.some((pattern) => pattern.test(line));
}
