import { foldWideForms } from './detectors/text-context.ts';
import type { PiiSpan } from './pii-kinds.ts';

/**
 * The key under which two findings count as the same value, so that 'Jo@X.com' and 'jo@x.com',
 * or '+1 415 555 2671' and '(415) 555-2671', share one placeholder and the model can tell they
 * are the same. Restoring gives back the spelling seen first.
 */
export function valueIdentity({ kind, value, normalized }: PiiSpan): string {
  switch (kind) {
    case 'email':
    case 'ip_address':
      return `${kind}:${value.toLowerCase()}`;
    case 'phone':
      return `${kind}:${normalized ?? digitsOf(value)}`;
    case 'ssn':
    case 'credit_card':
      return `${kind}:${digitsOf(value)}`;
    case 'secret':
      return `${kind}:${value}`;
  }
}

/** The digits of a value, full-width ones as ASCII: '１２３-４５-６７８９' is '123-45-6789'. */
const digitsOf = (value: string) => foldWideForms(value).replace(/\D/g, '');
