import type { Difficulty } from '@tokenwise/difficulty';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.ts';

/** A difficulty class stops being downgraded when at least this many routed answers were rated… */
export const HOLD_MIN_VOTES = 5;
/** …and at least this share of those votes were thumbs-down, over the last week. */
export const HOLD_NEGATIVE_SHARE = 0.3;
const WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const CACHE_MS = 30_000;

export interface HoldStatus {
  difficulty: Difficulty;
  rated: number;
  negative: number;
  held: boolean;
}

/**
 * Feedback closes the routing loop: routed answers users dislike stop their class from being
 * downgraded for that account. Read from the vote table, memoised briefly per account.
 */
export class RoutingGuard {
  private readonly memo = new Map<string, { at: number; status: HoldStatus[] }>();

  constructor(private readonly deps: AppDeps) {}

  async isHeld(accountId: string, difficulty: Difficulty): Promise<boolean> {
    try {
      return (await this.status(accountId)).some((s) => s.difficulty === difficulty && s.held);
    } catch (err) {
      // Votes unreadable (database blip): keep routing rather than fail the request.
      this.deps.log.warn({ err }, 'routing feedback unavailable');
      return false;
    }
  }

  async status(accountId: string): Promise<HoldStatus[]> {
    const now = this.deps.clock();
    const hit = this.memo.get(accountId);
    if (hit && now - hit.at < CACHE_MS) return hit.status;
    const rows = await sql<{ difficulty: Difficulty; rated: number; negative: number }>`
      select r.difficulty as difficulty, count(*) as rated,
             sum(case when f.feedback = 'negative' then 1 else 0 end) as negative
      from eval_feedback f
      join request_logs r on r.id = f.request_id
      where f.account_id = ${accountId} and r.account_id = ${accountId}
        and r.was_routed = 1 and f.updated_at >= ${now - WINDOW_MS}
      group by r.difficulty`.execute(this.deps.db.kysely);
    const status = (['simple', 'medium', 'complex'] as const).map((difficulty) => {
      const row = rows.rows.find((r) => r.difficulty === difficulty);
      const rated = Number(row?.rated ?? 0);
      const negative = Number(row?.negative ?? 0);
      return {
        difficulty,
        rated,
        negative,
        held: rated >= HOLD_MIN_VOTES && negative / rated >= HOLD_NEGATIVE_SHARE,
      };
    });
    this.memo.set(accountId, { at: now, status });
    return status;
  }

  forget(accountId: string): void {
    this.memo.delete(accountId);
  }
}
