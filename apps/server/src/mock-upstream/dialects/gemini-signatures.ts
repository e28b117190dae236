import { createHash } from 'node:crypto';
import { type Json, list, type MockRefusal, str } from './dialect.ts';

// Google's documented stand-ins for histories that never had a signature; Gemini 3 accepts them.
const VALIDATOR_SKIPS = new Set([
  'skip_thought_signature_validator',
  'context_engineering_is_the_way_to_go',
]);

/** Gemini 3 signs its function calls and holds callers to sending the signatures back. */
export function signsThoughts(model: string): boolean {
  return /^(models\/)?gemini-3/.test(model);
}

/**
 * The mock's stand-in for a thought signature: a hash of the part it signs (a function call's name
 * and arguments, or the answer text), so a signature moved to another part or a changed call fails.
 */
export function thoughtSignature(signed: unknown): string {
  return createHash('sha256')
    .update(`mock-gemini-thought:${JSON.stringify(signed)}`)
    .digest('base64');
}

/**
 * Gemini 3's check: in the current turn (everything after the last user content that is not only
 * function responses), the first functionCall part of each model step must carry the signature
 * Gemini gave it. Older turns are not checked, nor are text parts.
 */
export function checkThoughtSignatures(contents: Json[]): MockRefusal | undefined {
  const turnStart = contents.findLastIndex(
    (c) => c.role !== 'model' && list(c.parts).some((p) => !p.functionResponse),
  );
  for (const [index, content] of contents.entries()) {
    if (index <= turnStart || content.role !== 'model') continue;
    const part = list(content.parts).find((p) => p.functionCall);
    if (!part) continue;
    const call = part.functionCall as Json;
    const signature = str(part.thoughtSignature);
    if (!signature) {
      return {
        status: 400,
        message: `Function call \`${str(call.name)}\` in the \`${index}.\` content block is missing a \`thought_signature\`.`,
      };
    }
    if (!VALIDATOR_SKIPS.has(signature) && signature !== thoughtSignature(signedCall(call))) {
      return {
        status: 400,
        message: `Thought signature in the \`${index}.\` content block is not valid.`,
      };
    }
  }
  return undefined;
}

/** What a function call's signature covers. */
export function signedCall(call: Json): unknown {
  return { name: call.name, args: call.args ?? {} };
}
