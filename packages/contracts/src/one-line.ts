import { z } from 'zod';

// A name is a line of a list (and for alerts an email subject): a control character breaks the
// line, and a bidirectional override or isolate reorders what follows it ("\u202Egnp.exe" reads
// "exe.png"), so one name can be made to read as another's.
export const LINE_BREAKERS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
// Something a reader can see: zero-width and other format characters alone look blank.
export const VISIBLE = /[^\s\p{Cf}]/u;

/** A one-line name or label, trimmed, at most `max` characters. */
export function oneLine(what: string, max: number, tooLong = `${what} is too long`) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((v) => !LINE_BREAKERS.test(v), `${what} must be one line, without control characters`);
}
