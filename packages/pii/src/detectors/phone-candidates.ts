// Finds runs of digit groups that could be a phone number and splits them into groups.

const SPACE = '[ \\u00A0]';
// Between two digit groups: one space, or one of - . / (optionally spaced), or a parenthesis.
const SEPARATOR = `(?:${SPACE}?[-./]${SPACE}?|${SPACE}|${SPACE}?\\)${SPACE}?-?${SPACE}?|${SPACE}?\\(${SPACE}?)`;
const CANDIDATE = new RegExp(`(?:\\+${SPACE}?|\\(\\+?)?\\d+(?:${SEPARATOR}\\d+)*`, 'g');

export interface DigitGroup {
  digits: string;
  start: number;
  end: number;
  /** The characters between the previous group and this one ('' for the first group). */
  separatorBefore: string;
}

export interface PhoneCandidate {
  start: number;
  end: number;
  /** Written with a leading '+' (the international form). */
  plus: boolean;
  groups: DigitGroup[];
}

const MIN_DIGITS = 7;

export function findPhoneCandidates(text: string): PhoneCandidate[] {
  const candidates: PhoneCandidate[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const raw = match[0];
    const groups = splitGroups(raw, match.index);
    const digitCount = groups.reduce((n, g) => n + g.digits.length, 0);
    if (digitCount < MIN_DIGITS) continue;
    const plus = raw.startsWith('+') || raw.startsWith('(+');
    candidates.push({ start: match.index, end: match.index + raw.length, plus, groups });
  }
  return candidates;
}

function splitGroups(raw: string, offset: number): DigitGroup[] {
  const groups: DigitGroup[] = [];
  let i = 0;
  let separatorStart = 0;
  while (i < raw.length) {
    const code = raw.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      const start = i;
      while (i < raw.length && raw.charCodeAt(i) >= 48 && raw.charCodeAt(i) <= 57) i += 1;
      groups.push({
        digits: raw.slice(start, i),
        start: offset + start,
        end: offset + i,
        separatorBefore: groups.length === 0 ? '' : raw.slice(separatorStart, start),
      });
      separatorStart = i;
    } else {
      i += 1;
    }
  }
  return groups;
}
