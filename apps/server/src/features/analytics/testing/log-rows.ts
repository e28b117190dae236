import { randomUUID } from 'node:crypto';
import type { RequestLogRow } from '@tokenwise/db';
import { uuidv7 } from '../../../lib/ids.ts';
import { moveToAccount, type signUp, type TestServer } from '../../../testing/test-server.ts';

/** A successful, unoptimized-looking request row; tests override what they assert on. */
export function logRow(
  accountId: string,
  createdAt: number,
  overrides: Partial<RequestLogRow> = {},
): RequestLogRow {
  return {
    id: uuidv7(createdAt),
    account_id: accountId,
    api_key_id: null,
    created_at: createdAt,
    endpoint: 'chat',
    status: 'success',
    http_status: 200,
    error_message: null,
    provider: 'openai',
    model: 'gpt-4o-mini',
    requested_model: 'gpt-4o-mini',
    routed_model: null,
    was_routed: 0,
    difficulty: null,
    difficulty_not_sampled: null,
    optimization_level: 'balanced',
    cache_hit: 0,
    cache_status: null,
    is_stream: 0,
    is_baseline: 0,
    is_passthrough: 0,
    tokens_in: 10,
    tokens_out: 5,
    original_tokens_in: 10,
    tokens_saved: 0,
    actual_cost: 0,
    cost_saved: 0,
    latency_ms: 100,
    original_text: `user: question ${randomUUID()}`,
    optimized_text: null,
    response_text: 'an answer',
    details: null,
    ...overrides,
  };
}

/**
 * Logs rows the way the gateway does: through the server's write-behind RequestLogWriter (raw rows,
 * usage and rollups in one transaction), then waits until they are written.
 */
export async function writeLogs(server: TestServer, rows: RequestLogRow[]): Promise<void> {
  for (const row of rows) {
    server.app.gateway.logs.enqueue({
      row,
      period: undefined,
      usage: {
        total_requests: 0,
        optimized_requests: 0,
        passthrough_requests: 0,
        total_original_tokens: 0,
        total_optimized_tokens: 0,
        total_tokens_saved: 0,
        total_cost_saved: 0,
      },
    });
  }
  // A flush already under way may have taken its batch before these rows arrived: repeat.
  do await server.app.gateway.logs.flush();
  while (server.app.gateway.logs.pending() > 0);
}

/** Moves a signed-up user into `accountId` as a read-only member (it becomes their only account). */
export async function makeReadOnlyMember(
  server: TestServer,
  user: Awaited<ReturnType<typeof signUp>>,
  accountId: string,
): Promise<void> {
  await moveToAccount(server, user.userId, accountId, 'read_only');
}
