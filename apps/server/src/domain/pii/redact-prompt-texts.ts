import { type OffsetMap, type PiiConfig, RedactionSession } from '@tokenwise/pii';
import type { AppDeps } from '../../deps.ts';

/**
 * Prompts with more text than this are redacted in a worker thread. Detection costs up to ~10 ms
 * a kilobyte on text made of phone-like digit groups (each candidate is checked against
 * libphonenumber's metadata), so 4 K characters stay within ~40 ms of the event loop.
 */
export const PII_IN_THREAD_CHARS = 4_096;
/** And up to this many texts: each costs a detector pass however short (decision 094). */
export const PII_IN_THREAD_TEXTS = 256;
/**
 * The session's tables come back from the worker by copy, about a microsecond an entry; texts
 * with more distinct values than this are refused.
 */
export const PII_MAX_DISTINCT_VALUES = 50_000;

export type RedactedPromptTexts =
  | { ok: true; redacted: (string | null)[]; session: RedactionSession; offsets: OffsetMap[] }
  | { ok: false; problem: 'too_many_values' | 'over_budget' };

/**
 * Texts of one prompt redacted with one session (the same value, the same placeholder): here when
 * short, in a worker within the scan budget when not. The gateway's PII stage and the cache's
 * warm-up and preview share it, so all three key the cache on the same text. The texts at the
 * `json` indexes are JSON (tool call arguments), parsed where they are scanned: a large one in
 * the worker, never on the event loop. The texts at the `mapped` indexes come back with their
 * offset maps (`offsets`, in `mapped`'s order): plain-text documents Claude may cite by offset.
 */
export async function redactPromptTexts(
  deps: Pick<AppDeps, 'cpu' | 'config'>,
  config: PiiConfig,
  texts: string[],
  json: number[] = [],
  mapped: number[] = [],
): Promise<RedactedPromptTexts> {
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  if (chars <= PII_IN_THREAD_CHARS && texts.length <= PII_IN_THREAD_TEXTS) {
    const session = new RedactionSession(config);
    const jsonAt = json.length ? new Set(json) : undefined;
    const { texts: redacted, offsets } = session.redactAllMapped(texts, jsonAt, mapped);
    return { ok: true, redacted, session, offsets };
  }
  const result = await deps.cpu.redactTexts(config, texts, {
    json,
    mapped,
    maxValues: PII_MAX_DISTINCT_VALUES,
    budgetMs: deps.config.piiScanBudgetMs,
  });
  if (!result.ok) return result;
  return {
    ok: true,
    redacted: result.texts,
    session: RedactionSession.fromState(config, result.state),
    offsets: result.offsets,
  };
}

/** Why texts were not redacted, as a refusal says it to the caller. */
export function redactionRefusal(problem: 'too_many_values' | 'over_budget', budgetMs: number) {
  return problem === 'over_budget'
    ? `Scanning this prompt for personal data took longer than ${seconds(budgetMs)}, so it was not sent. Send less text at a time.`
    : `This prompt holds more than ${PII_MAX_DISTINCT_VALUES.toLocaleString('en-US')} distinct personal-data values to redact, so it was not sent. Send less text at a time.`;
}

/** "10 s", "1.5 s", "250 ms": the budget as the refusal says it. */
function seconds(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Number((ms / 1_000).toFixed(1))} s`;
}
