import { readFileSync } from 'node:fs';
import type { Difficulty, DifficultyInput } from '@tokenwise/difficulty';

export interface LabelledPrompt {
  id: string;
  category: string;
  label: Difficulty;
  request: DifficultyInput;
  note?: string;
}

const LABELS = new Set<string>(['simple', 'medium', 'complex']);

/** Reads the JSONL set, failing loudly on a malformed line so a typo cannot skew the figures. */
export function loadPrompts(path: URL): LabelledPrompt[] {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.map((line, index) => {
    const row = JSON.parse(line) as LabelledPrompt;
    if (!row.id || !LABELS.has(row.label) || !Array.isArray(row.request?.messages)) {
      throw new Error(`prompts.jsonl line ${index + 1}: needs id, label and request.messages`);
    }
    return row;
  });
}

/**
 * A fixed third of the set, chosen by a hash of the id, is held out: weights were tuned looking only
 * at the other two thirds, so the held-out figures show how far the tuning generalises.
 */
export function isHeldOut(id: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 3 === 0;
}
