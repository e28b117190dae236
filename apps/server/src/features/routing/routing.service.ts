import type { RoutingConfig, RoutingStats } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { getAccountSettings } from '../../domain/settings/account-settings.repository.ts';
import { saveAccountSettings } from '../../domain/settings/save-account-settings.ts';
import { countRouting } from './routing.repository.ts';

const STATS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Last 30 days of the account's traffic: how much was routed and how hard it was. */
export async function getRoutingStats(
  deps: AppDeps,
  accountId: string,
  holds: () => Promise<{ difficulty: 'simple' | 'medium' | 'complex'; held: boolean }[]>,
): Promise<RoutingStats> {
  const c = await countRouting(deps.db.kysely, accountId, deps.clock() - STATS_WINDOW_MS);
  const held = (await holds().catch(() => [])).filter((h) => h.held).map((h) => h.difficulty);
  return {
    total_requests: c.total,
    routed_requests: c.routed,
    routing_rate: c.total === 0 ? 0 : Math.round((c.routed / c.total) * 10_000) / 100,
    cost_saved: c.costSaved,
    difficulty_breakdown: { simple: c.simple, medium: c.medium, complex: c.complex },
    held_difficulties: held,
  };
}

export async function getRoutingConfig(deps: AppDeps, accountId: string): Promise<RoutingConfig> {
  const s = await getAccountSettings(deps.db.kysely, accountId);
  return {
    enabled: s.routing_enabled === 1,
    difficulty_threshold_simple: s.routing_threshold_simple,
    difficulty_threshold_complex: s.routing_threshold_complex,
  };
}

export async function setRoutingConfig(
  deps: AppDeps,
  accountId: string,
  c: RoutingConfig,
): Promise<RoutingConfig> {
  const s = await saveAccountSettings(deps, accountId, {
    routing_enabled: c.enabled ? 1 : 0,
    routing_threshold_simple: c.difficulty_threshold_simple,
    routing_threshold_complex: c.difficulty_threshold_complex,
  });
  return {
    enabled: s.routing_enabled === 1,
    difficulty_threshold_simple: s.routing_threshold_simple,
    difficulty_threshold_complex: s.routing_threshold_complex,
  };
}
