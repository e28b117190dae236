import { countPromptTokens } from './count-prompt-tokens.ts';
import { readRequest } from './read-request.ts';
import { detectCode } from './signals/code.ts';
import { detectInstructions } from './signals/instructions.ts';
import { detectMath } from './signals/math.ts';
import { detectOutputLength } from './signals/output-length.ts';
import { detectRequestShape } from './signals/request-shape.ts';
import { detectTopics } from './signals/topics.ts';
import {
  checkThresholds,
  describeTokenBand,
  difficultyOfScore,
  MEDIUM_FROM,
  tokenBase,
} from './thresholds.ts';
import {
  DEFAULT_THRESHOLDS,
  type DifficultyInput,
  type DifficultyResult,
  type DifficultyThresholds,
  type Signal,
} from './types.ts';

export interface ScoreOptions {
  /**
   * Exact o200k_base tokens of a text (countPromptTokens by default). A caller that has counted the
   * same text already (the gateway, after compression) passes a remembering counter.
   */
  countTokens?: (text: string) => number;
}

/**
 * Scores how hard a chat request is: the prompt's position between the token thresholds, plus the
 * documented weight of every signal found. Same input, same result; no I/O.
 */
export function scoreDifficulty(
  input: DifficultyInput,
  thresholds: DifficultyThresholds = DEFAULT_THRESHOLDS,
  options: ScoreOptions = {},
): DifficultyResult {
  checkThresholds(thresholds);
  const text = readRequest(input);
  const promptTokens = (options.countTokens ?? countPromptTokens)(text.all);
  // One array and one loop: spreading six arrays and mapping them twice was a visible share of a
  // call once the gateway's other stages have left this code cold (decision 055).
  const signals: Signal[] = detectCode(text).concat(
    detectMath(text),
    detectInstructions(text),
    detectTopics(text),
    detectOutputLength(input, text),
    detectRequestShape(input, text),
  );
  const reasons = [describeTokenBand(promptTokens, thresholds)];
  let weights = 0;
  let keptOffMini = false;
  for (const signal of signals) {
    reasons.push(signal.reason);
    weights += signal.weight;
    if (signal.atLeastMedium) keptOffMini = true;
  }
  let score = Math.max(0, tokenBase(promptTokens, thresholds) + weights);
  if (keptOffMini && score < MEDIUM_FROM) {
    score = MEDIUM_FROM;
    reasons.push('raised to medium: needs a capable model');
  }
  score = Math.round(score * 100) / 100;
  return { difficulty: difficultyOfScore(score), score, promptTokens, reasons };
}
