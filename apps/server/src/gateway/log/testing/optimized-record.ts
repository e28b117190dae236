import type { RequestLogRow } from '@tokenwise/db';
import type { Period } from '../../../domain/billing/billing-period.ts';
import type { LogRecord } from '../request-log-store.ts';

/** The log record of a successful optimized request of `row.tokens_in` tokens, counted in `period`. */
export function optimizedRecord(row: RequestLogRow, period: Period): LogRecord {
  return { row, period, usage: optimizedUsage(row.tokens_in) };
}

/** What one optimized request of `tokens` tokens that saved nothing adds to its period's usage. */
export function optimizedUsage(tokens: number): LogRecord['usage'] {
  return {
    total_requests: 1,
    optimized_requests: 1,
    passthrough_requests: 0,
    total_original_tokens: tokens,
    total_optimized_tokens: tokens,
    total_tokens_saved: 0,
    total_cost_saved: 0,
  };
}
