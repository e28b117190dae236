import { uuidv7 } from '../lib/ids.ts';
import type { Endpoint, GatewayContext } from './context.ts';
import type { ChatCompletionRequest } from './types.ts';

export function newContext(
  endpoint: Endpoint,
  request: ChatCompletionRequest,
  credential: string | undefined,
  now: number,
): GatewayContext {
  return {
    requestId: uuidv7(now),
    startedAt: now,
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
