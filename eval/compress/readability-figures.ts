// Counts the broken phrases (readability.ts) of a set of prompts compressed at one level: every
// message against its compressed form, per rule, with the first few for a reader to look at.
import { type CompressionLevel, compressMessages } from '@tokenwise/compression';
import type { CorpusPrompt } from './corpus/prompt.ts';
import { BROKEN_RULES, type BrokenRule, findBrokenPhrases } from './readability.ts';

const EXAMPLES = 10;

export interface ReadabilityFigures {
  prompts: number;
  /** Share of all the set's tokens saved (o200k_base), to read the counts against. */
  saved: number;
  /** Broken phrases over all messages of all prompts. */
  broken: number;
  promptsAffected: number;
  byRule: Record<BrokenRule, number>;
  /** "id rule: source words, the dropped ones in [brackets]". */
  examples: string[];
}

export function readabilityOf(
  prompts: Pick<CorpusPrompt, 'id' | 'messages'>[],
  level: CompressionLevel,
): ReadabilityFigures {
  const byRule = Object.fromEntries(BROKEN_RULES.map((rule) => [rule, 0])) as Record<
    BrokenRule,
    number
  >;
  const examples: string[] = [];
  let broken = 0;
  let promptsAffected = 0;
  let original = 0;
  let saved = 0;
  for (const prompt of prompts) {
    const { messages, originalTokens, tokensSaved } = compressMessages(prompt.messages, level);
    original += originalTokens;
    saved += tokensSaved;
    let found = 0;
    prompt.messages.forEach((message, i) => {
      const after = messages[i]?.content;
      if (typeof after !== 'string') return;
      for (const phrase of findBrokenPhrases(message.content, after)) {
        byRule[phrase.rule] += 1;
        found += 1;
        if (examples.length < EXAMPLES)
          examples.push(`${prompt.id} ${phrase.rule}: ${phrase.source}`);
      }
    });
    broken += found;
    if (found > 0) promptsAffected += 1;
  }
  return {
    prompts: prompts.length,
    saved: Math.round((saved / Math.max(1, original)) * 10_000) / 10_000,
    broken,
    promptsAffected,
    byRule,
    examples,
  };
}
