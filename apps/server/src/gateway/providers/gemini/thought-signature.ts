import type { ExtraContent } from '../../types.ts';
import type { GeminiPart } from './parts.ts';

/**
 * Gemini's `thoughtSignature` travels in OpenAI form the way Google's own OpenAI-compatibility
 * layer carries it: `extra_content.google.thought_signature`, on the tool call whose functionCall
 * part held it (or on the message, for the answer's text). It is opaque and goes back byte for byte.
 */
export function signatureOf(part: GeminiPart): string | undefined {
  return typeof part.thoughtSignature === 'string' && part.thoughtSignature
    ? part.thoughtSignature
    : undefined;
}

export function extraContentOf(signature: string): ExtraContent {
  return { google: { thought_signature: signature } };
}

/** The part with the caller's signature put back, when the caller sent one. */
export function withSignature(part: GeminiPart, extra: ExtraContent | undefined): GeminiPart {
  const signature = extra?.google?.thought_signature;
  return typeof signature === 'string' && signature
    ? { ...part, thoughtSignature: signature }
    : part;
}

/**
 * Gemini 3 refuses a turn whose function calls lack the signature it gave them (its "current turn"
 * check); earlier Gemini models sign nothing they later check.
 */
export function checksThoughtSignatures(model: string): boolean {
  return /^(models\/)?gemini-3/.test(model);
}

/**
 * Google's documented stand-in for function calls Gemini 3 did not make ("transferring a
 * conversation trace from another model"): Gemini 3 accepts it where a signature is required.
 */
export const SIGNATURE_STAND_IN = 'skip_thought_signature_validator';
