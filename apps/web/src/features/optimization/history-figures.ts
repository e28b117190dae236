// The multi-turn history's figures on /optimization (decision 160): conversations whose fact
// answers sit in the system prompt and earlier turns, where compression protects no instruction.
import type { HistoryLevelQuality } from '@tokenwise/contracts';
import { formatPercent } from '../../lib/format.ts';

const NOT_MEASURED = 'not measured';

/** The lead above the history table; says "not measured" when the result file predates it. */
export function historyNote(conversations: number | null): string {
  if (conversations === null)
    return `Multi-turn history: ${NOT_MEASURED} (the result file predates the conversations check).`;
  return `Multi-turn history: ${conversations} conversations compressed as the gateway sends them, a system prompt and earlier turns before the last message. Saved: the share of all their tokens; answers kept: the share of fact answers in the system prompt and earlier turns still there. A set the engine was tuned on, not held to the promised bands.`;
}

/** One level's cells: the share saved and the answers kept, or "not measured" for both. */
export function historyCells(history: HistoryLevelQuality | null): {
  saved: string;
  answersKept: string;
} {
  if (!history) return { saved: NOT_MEASURED, answersKept: NOT_MEASURED };
  return {
    saved: formatPercent(history.reduction * 100),
    answersKept: formatPercent(history.answers_kept * 100),
  };
}
