import {
  ROUTING_THRESHOLD_ORDER_MESSAGE,
  type RoutingConfig,
  type RoutingConfigUpdate,
  type RoutingStats,
} from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { requestFigures } from '../../domain/analytics/request-figures.ts';
import { periodFor } from '../../domain/analytics/time-range.ts';
import { retainedFrom } from '../../domain/log-retention.ts';
import {
  type AccountSettings,
  getAccountSettings,
} from '../../domain/settings/account-settings.repository.ts';
import { saveAccountSettings } from '../../domain/settings/save-account-settings.ts';
import { badRequest } from '../../errors/app-error.ts';
import { percentOf } from '../../lib/percent.ts';
import { countDifficulties } from './routing.repository.ts';

/**
 * The dashboard's 30d period: the same requests its Total Requests counts (docs/metrics.md). Every
 * logged request is in the difficulty breakdown: those never scored (cache hits, embeddings,
 * prompts too long to score, failures before scoring) as `not_scored`, those left out of the sample
 * scored while routing would not use the score (decision 051) as `not_sampled`.
 */
export async function getRoutingStats(
  deps: AppDeps,
  accountId: string,
  holds: () => Promise<{ difficulty: 'simple' | 'medium' | 'complex'; held: boolean }[]>,
): Promise<RoutingStats> {
  const db = deps.db.kysely;
  const now = deps.clock();
  const window = periodFor('30d', now).current;
  const rawFrom = retainedFrom(deps.config.logRetentionDays, now);
  const [f, d] = await Promise.all([
    requestFigures(db, accountId, window, { rawFrom }),
    countDifficulties(db, accountId, window.from),
  ]);
  const held = (await holds().catch(() => [])).filter((h) => h.held).map((h) => h.difficulty);
  return {
    total_requests: f.requests,
    routed_requests: f.routed,
    routing_rate: percentOf(f.routed, f.requests),
    cost_saved: f.routedCostSaved,
    difficulty_breakdown: {
      ...d,
      not_scored: Math.max(0, f.requests - d.simple - d.medium - d.complex - d.not_sampled),
    },
    held_difficulties: held,
  };
}

export async function getRoutingConfig(deps: AppDeps, accountId: string): Promise<RoutingConfig> {
  return toRoutingConfig(await getAccountSettings(deps.db.kysely, accountId));
}

function toRoutingConfig(s: AccountSettings): RoutingConfig {
  return {
    enabled: s.routing_enabled === 1,
    difficulty_threshold_simple: s.routing_threshold_simple,
    difficulty_threshold_complex: s.routing_threshold_complex,
  };
}

export async function setRoutingConfig(
  deps: AppDeps,
  accountId: string,
  c: RoutingConfigUpdate,
): Promise<RoutingConfig> {
  const stored = await getRoutingConfig(deps, accountId);
  const next: RoutingConfig = {
    enabled: c.enabled ?? stored.enabled,
    difficulty_threshold_simple:
      c.difficulty_threshold_simple ?? stored.difficulty_threshold_simple,
    difficulty_threshold_complex:
      c.difficulty_threshold_complex ?? stored.difficulty_threshold_complex,
  };
  if (next.difficulty_threshold_simple >= next.difficulty_threshold_complex) {
    throw badRequest(ROUTING_THRESHOLD_ORDER_MESSAGE);
  }
  // All three are written, so two saves of one threshold each at once leave one save's pair,
  // never a simple threshold above the complex one.
  const s = await saveAccountSettings(deps, accountId, {
    routing_enabled: next.enabled ? 1 : 0,
    routing_threshold_simple: next.difficulty_threshold_simple,
    routing_threshold_complex: next.difficulty_threshold_complex,
  });
  return toRoutingConfig(s);
}
