/** The kinds of personal or secret data the engine can find. */
export type PiiKind = 'email' | 'phone' | 'ssn' | 'credit_card' | 'ip_address' | 'secret';

export const PII_KINDS: readonly PiiKind[] = [
  'email',
  'phone',
  'ssn',
  'credit_card',
  'ip_address',
  'secret',
];

/** One finding: `value` is `text.slice(start, end)`. */
export interface PiiSpan {
  kind: PiiKind;
  start: number;
  end: number;
  value: string;
  /** A spelling-independent form when the detector knows one (phones: E.164 plus extension). */
  normalized?: string;
}
