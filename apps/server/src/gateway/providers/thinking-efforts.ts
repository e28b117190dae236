import type { ProviderId } from '../types.ts';
import { geminiEffort } from './gemini/reasoning-effort.ts';
import { groqEffort } from './groq/reasoning-effort.ts';
import { openAiEffort } from './openai/reasoning-effort.ts';

/**
 * Per provider, an Anthropic caller's thinking (one effort word) as the `reasoning_effort` its
 * model takes, or undefined for a model that takes none (decisions 227, 230). Claude keeps
 * `thinking` itself. Mistral is absent: Magistral always reasons and takes no control, and the
 * `reasoning_effort` of its newer models has no value set the gateway can tell by model name.
 */
export const THINKING_EFFORTS: Partial<
  Record<ProviderId, (model: string, asked: string) => string | undefined>
> = {
  openai: openAiEffort,
  gemini: geminiEffort,
  groq: groqEffort,
};
