import { uuidv7 } from '../lib/ids.ts';
import type { Endpoint, GatewayContext } from './context.ts';
import type { ChatCompletionRequest } from './types.ts';

export function newContext(
  endpoint: Endpoint,
  request: ChatCompletionRequest,
  credential: string | undefined,
  now: number,
  recordedAt = now,
): GatewayContext {
  return {
    // Time-ordered like created_at, so a back-dated request sorts where it is logged.
    requestId: uuidv7(recordedAt),
    startedAt: now,
    recordedAt,
    endpoint,
    credential,
    original: request,
    request,
    passthrough: false,
    baseline: false,
    promptChars: 0,
    pinModel: false,
    optimization: {
      level: null,
      originalTokens: 0,
      tokensSaved: 0,
      originalText: '',
      optimizedText: '',
      skipped: [],
    },
    finished: false,
    routing: { wasRouted: false, difficulty: null, reasons: [] },
    cache: { mode: 'default', status: 'off' },
  };
}
