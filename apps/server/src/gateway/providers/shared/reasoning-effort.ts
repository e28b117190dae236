import { type GatewayError, invalidParam } from '../../types.ts';

/** Every `reasoning_effort` the gateway maps for providers that take no effort word of OpenAI's. */
export const KNOWN_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
export type KnownEffort = (typeof KNOWN_EFFORTS)[number];

/**
 * The caller's `reasoning_effort` when the gateway knows it; any other value is a 400 in OpenAI's
 * shape naming the ones it knows (decision 143), never dropped.
 */
export function knownEffort(asked: unknown): KnownEffort {
  if (typeof asked === 'string' && (KNOWN_EFFORTS as readonly string[]).includes(asked))
    return asked as KnownEffort;
  throw unknownEffort(asked);
}

function unknownEffort(asked: unknown): GatewayError {
  const shown = typeof asked === 'string' ? `'${asked}'` : JSON.stringify(asked);
  const known = KNOWN_EFFORTS.map((e) => `'${e}'`).join(', ');
  return invalidParam(
    'reasoning_effort',
    `Invalid value for 'reasoning_effort': ${shown}. Supported values are: ${known}.`,
    'invalid_value',
  );
}
