/** The three routing classes; each maps to one model tier (simple → Mini, medium → Core, complex → Premium). */
export type Difficulty = 'simple' | 'medium' | 'complex';

/**
 * Prompt-token thresholds, integers, configurable per account: fewer than `simple` tokens is the
 * simple band, more than `complex` tokens the complex band, anything in between medium.
 */
export interface DifficultyThresholds {
  simple: number;
  complex: number;
}

/** The spec's defaults: simple under 100 tokens, complex over 500. */
export const DEFAULT_THRESHOLDS: DifficultyThresholds = Object.freeze({
  simple: 100,
  complex: 500,
});

/** The parts of a chat request the scorer reads; the gateway's canonical request fits this shape. */
export interface DifficultyInput {
  messages: { role: string; content: unknown }[];
  tools?: unknown[];
  max_tokens?: number;
  max_completion_tokens?: number;
  response_format?: unknown;
}

export interface DifficultyResult {
  difficulty: Difficulty;
  /** Sum of the token base and the signal weights: below 1 simple, 1 to 2 medium, above 2 complex. */
  score: number;
  /** o200k_base tokens of the message text (tool definitions and images not included). */
  promptTokens: number;
  /** Short human-readable explanations, token band first, shown in the request detail. */
  reasons: string[];
}

/** One observed feature of a request and how far it moves the score. */
export interface Signal {
  reason: string;
  weight: number;
  /** Code, maths, tools, reasoning asks: a small model gets these wrong too often, so never simple. */
  atLeastMedium?: boolean;
}
