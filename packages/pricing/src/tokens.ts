import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { BoundedTokenCount } from './bounded-count.ts';
import { loadEncoding } from './bpe-ranks.ts';
import { countInSlices } from './count-in-slices.ts';
import { plainTextCounter } from './count-pieces.ts';
import { RecentTexts } from './recent-texts.ts';
import { resolveModel } from './resolve-model.ts';
import type { ModelInfo } from './types.ts';

export type EncodingName = 'o200k_base' | 'cl100k_base';

/** OpenAI families that predate o200k_base. */
const CL100K_FAMILIES = new Set([
  'gpt-3.5',
  'gpt-4',
  'gpt-4-turbo',
  'text-embedding-3',
  'text-embedding-ada',
]);

/** User text may contain `<|endoftext|>` and the like: count it as the text it is, never throw. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * OpenAI's chat format overhead as OpenAI documents it (openai-cookbook, "How to count tokens
 * with tiktoken"): 3 tokens per message, 1 more for a name, 3 priming the reply.
 */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_NAME = 1;
const REPLY_PRIMER_TOKENS = 3;

/**
 * The tokenizer for a model: OpenAI's own for OpenAI models; o200k_base for other providers and
 * unknown names, the nearest public JS tokenizer (theirs are not published).
 */
export function encodingFor(model?: ModelInfo | string): EncodingName {
  const info = typeof model === 'string' ? resolveModel(model) : model;
  return info?.provider === 'openai' && CL100K_FAMILIES.has(info.family)
    ? 'cl100k_base'
    : 'o200k_base';
}

/**
 * Tokens of `text` for a model: exact up to EXACT_COUNT_CHARS characters, estimated beyond (see
 * BoundedTokenCount), so any text is counted in a few milliseconds.
 */
export function countTokens(text: string, model?: ModelInfo | string): number {
  return countTextsTokens([text], model);
}

/** Tokens of several texts (an embeddings input) with one exact allowance between them. */
export function countTextsTokens(texts: readonly string[], model?: ModelInfo | string): number {
  const counter = new BoundedTokenCount(COUNTERS[encodingFor(model)]);
  return texts.reduce((sum, text) => sum + counter.tokens(text), 0);
}

/**
 * Tokens of a chat request's messages: role, name and the text parts of the content, plus the
 * per-message overhead. Images, audio, tool definitions and tool calls are not counted. Exact up
 * to EXACT_COUNT_CHARS characters of text in all, estimated beyond (`estimated` says which).
 */
export function countChatTokens(
  messages: readonly { role: string; content: unknown; name?: string }[],
  model?: ModelInfo | string,
): number {
  return countChat(messages, model).tokens;
}

export function countChat(
  messages: readonly { role: string; content: unknown; name?: string }[],
  model?: ModelInfo | string,
): { tokens: number; estimated: boolean } {
  const encoding = encodingFor(model);
  const counter = new BoundedTokenCount(COUNTERS[encoding]);
  let total = REPLY_PRIMER_TOKENS;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + roleTokens(encoding, message.role);
    for (const text of textsOf(message.content)) total += counter.tokens(text);
    if (message.name) total += TOKENS_PER_NAME + counter.tokens(message.name);
  }
  return { tokens: total, estimated: counter.estimated };
}

const ROLE_TOKENS = new Map<string, number>();

/** Roles are a handful of short words: counted once each, not once per message. */
function roleTokens(encoding: EncodingName, role: string): number {
  const key = `${encoding}:${role}`;
  let tokens = ROLE_TOKENS.get(key);
  if (tokens === undefined) {
    tokens = countWith(encoding, role.slice(0, 64));
    if (ROLE_TOKENS.size < 100) ROLE_TOKENS.set(key, tokens);
  }
  return tokens;
}

// Each encoding's ranks take tens of MB in memory. o200k_base counts every other model, so it
// loads with this module; cl100k_base serves only the older OpenAI models and loads the first
// time one is counted. The whole process shares these two (@tokenwise/difficulty counts through
// countWith), never a second copy from gpt-tokenizer's own encoding modules.
const o200k = loadEncoding('o200k_base');

const plainCounter = (encoding: GptEncoding) =>
  plainTextCounter(encoding, (text) => encoding.countTokens(text, PLAIN_TEXT));
const countO200k = plainCounter(o200k);
let countCl100k: ((text: string) => number) | undefined;

const COUNTERS: Record<EncodingName, (text: string) => number> = {
  cl100k_base: (text) => {
    countCl100k ??= plainCounter(loadEncoding('cl100k_base'));
    return countCl100k(text);
  },
  o200k_base: countO200k,
};

/**
 * Exact tokens of `text` in a given encoding, safe on long unbroken runs but not bounded in time:
 * for text already held to a size limit (the optimisation stages), not for a whole request.
 */
export function countWith(encoding: EncodingName, text: string): number {
  if (text.length < REMEMBERED_FROM_CHARS) return countInSlices(COUNTERS[encoding], text);
  return RECENT_COUNTS[encoding].get(text, () => countInSlices(COUNTERS[encoding], text));
}

/**
 * A conversation's history and system prompt come back with every turn, each counted again
 * before and after compression: texts of this length or more are remembered (a shorter one costs
 * little to count, and the benches' one-line prompts, never sent twice, stay out of the memo).
 */
const REMEMBERED_FROM_CHARS = 256;
/** Characters of remembered texts per encoding (~1-2 MB). */
const REMEMBERED_CHARS = 500_000;
const RECENT_COUNTS: Record<EncodingName, RecentTexts<number>> = {
  cl100k_base: new RecentTexts(REMEMBERED_CHARS),
  o200k_base: new RecentTexts(REMEMBERED_CHARS),
};

function textsOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) =>
    part && typeof part === 'object' && part.type === 'text' && typeof part.text === 'string'
      ? [part.text as string]
      : [],
  );
}
