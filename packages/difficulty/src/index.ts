export { countPromptTokens } from './count-prompt-tokens.ts';
export { type ScoreOptions, scoreDifficulty } from './score-difficulty.ts';
export { checkThresholds, difficultyFromTokens } from './thresholds.ts';
export {
  DEFAULT_THRESHOLDS,
  type Difficulty,
  type DifficultyInput,
  type DifficultyResult,
  type DifficultyThresholds,
} from './types.ts';
export { CUTOFFS, WEIGHTS } from './weights.ts';
