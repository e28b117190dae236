import { isJsonObject } from '../../lib/json-shape.ts';

/** One choice's logprobs in the legacy completions shape: four lists, one entry per token. */
export interface LegacyLogprobsLists {
  tokens: string[];
  token_logprobs: (number | null)[];
  top_logprobs: Record<string, number>[];
  text_offset: number[];
}

/**
 * Chat logprobs (`{content: [{token, logprob, top_logprobs: [{token, logprob}]}]}`, OpenAI's chat
 * models) as the legacy completions lists (decision 155). `text_offset` counts characters from
 * the prompt's start, as OpenAI's legacy answers do even without `echo`; a stream's offsets go on
 * from chunk to chunk.
 */
export class LegacyLogprobs {
  constructor(private offset: number) {}

  /** The lists of a whole answer, or of a stream's next piece (null when it had none). */
  next(chat: unknown): LegacyLogprobsLists | null {
    const content = isJsonObject(chat) && Array.isArray(chat.content) ? chat.content : null;
    if (!content) return null;
    const lists: LegacyLogprobsLists = {
      tokens: [],
      token_logprobs: [],
      top_logprobs: [],
      text_offset: [],
    };
    for (const entry of content) {
      if (!isJsonObject(entry) || typeof entry.token !== 'string') continue;
      lists.tokens.push(entry.token);
      lists.token_logprobs.push(typeof entry.logprob === 'number' ? entry.logprob : null);
      lists.top_logprobs.push(topOf(entry.top_logprobs));
      lists.text_offset.push(this.offset);
      this.offset += entry.token.length;
    }
    return lists;
  }
}

function topOf(top: unknown): Record<string, number> {
  const alternatives: Record<string, number> = {};
  if (!Array.isArray(top)) return alternatives;
  for (const alt of top)
    if (isJsonObject(alt) && typeof alt.token === 'string' && typeof alt.logprob === 'number')
      alternatives[alt.token] = alt.logprob;
  return alternatives;
}
