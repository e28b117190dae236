import type { z } from 'zod';

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

// Words that read wrong when only their first letter is capitalised.
const ACRONYMS: Record<string, string> = {
  api: 'API',
  url: 'URL',
  id: 'ID',
  idp: 'IdP',
  pii: 'PII',
  sso: 'SSO',
  ttl: 'TTL',
  ssn: 'SSN',
  ip: 'IP',
};

/** `api_key` → 'API key', `notification_email` → 'Notification email'; a whole body is 'Request'. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const name = [...(path ?? [])].reverse().find((part) => typeof part === 'string');
  if (!name) return 'Request';
  const words = name
    .split(/[_\s]+|(?<=[a-z])(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function unit(origin: string, count: number | bigint): string {
  if (origin === 'string') return count === 1 ? ' character' : ' characters';
  if (origin === 'array' || origin === 'set') return count === 1 ? ' item' : ' items';
  return '';
}

function sizeMessage(label: string, issue: RawIssue): string | undefined {
  if (issue.code === 'too_big') {
    const limit = issue.maximum as number;
    return `${label} must be at most ${limit}${unit(issue.origin, limit)}`;
  }
  if (issue.code === 'too_small') {
    const limit = issue.minimum as number;
    if (issue.origin === 'string' && limit === 1) return `${label} is required`;
    return `${label} must be at least ${limit}${unit(issue.origin, limit)}`;
  }
  return undefined;
}

/**
 * Zod's own sentences ('Too big: expected string to have <=254 characters') are written for
 * programmers; this says the same to a person filling a form, naming the field by its label. A
 * schema's own message, where it has one, still wins: zod asks this map only when there is none.
 */
export const readableIssue: z.core.$ZodErrorMap = (issue) => {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      // Only an absent field is missing: null was sent, and an optional field may not be null.
      if (issue.input === undefined) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_big':
    case 'too_small':
      return sizeMessage(label, issue);
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address';
      if (issue.format === 'url') return `${label} must be a valid URL`;
      return `${label} is not in the expected format`;
    case 'invalid_value':
      return `${label} must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union': {
      // Each branch's issues are already worded; the branch that came closest says what to fix.
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0];
      return closest?.[0]?.message ?? `${label} is not valid`;
    }
    default:
      return `${label} is not valid`;
  }
};
