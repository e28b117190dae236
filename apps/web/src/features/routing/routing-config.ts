import { RoutingConfig } from '@tokenwise/contracts';

/** What the form holds: a threshold input is '' while the user has cleared it. */
export interface RoutingDraft {
  enabled: boolean;
  simple: number | '';
  complex: number | '';
}

export function draftFromConfig(config: RoutingConfig): RoutingDraft {
  return {
    enabled: config.enabled,
    simple: config.difficulty_threshold_simple,
    complex: config.difficulty_threshold_complex,
  };
}

export function hasUnsavedChange(draft: RoutingDraft, saved: RoutingConfig): boolean {
  const s = draftFromConfig(saved);
  return draft.enabled !== s.enabled || draft.simple !== s.simple || draft.complex !== s.complex;
}

export type DraftCheck = { ok: true; config: RoutingConfig } | { ok: false; problem: string };

/**
 * Checks the draft with the same contract the server validates with, so the screen refuses what
 * the server would refuse and says it the same way (e.g. simple must be below complex).
 */
export function checkDraft(draft: RoutingDraft): DraftCheck {
  if (draft.simple === '' || draft.complex === '') {
    return { ok: false, problem: 'Enter both thresholds' };
  }
  const parsed = RoutingConfig.safeParse({
    enabled: draft.enabled,
    difficulty_threshold_simple: draft.simple,
    difficulty_threshold_complex: draft.complex,
  });
  if (parsed.success) return { ok: true, config: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_small') return { ok: false, problem: 'Thresholds must be at least 1' };
  if (issue?.code === 'too_big') {
    return { ok: false, problem: 'Thresholds must be at most 1,000,000 tokens' };
  }
  return { ok: false, problem: issue?.message ?? 'Invalid thresholds' };
}
