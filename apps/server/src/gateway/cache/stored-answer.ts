import type { ChatCompletionResponse } from '../types.ts';

export interface StoredAnswer {
  response: ChatCompletionResponse;
  tokensIn: number;
  tokensOut: number;
  /** What the original call cost at the requested model's price: what a hit saves. */
  cost: number;
}

/**
 * An answer as a cache entry holds it in memory: the response as the JSON text it is stored as in
 * the database, parsed on a hit. A parsed response cost two to three times its text in heap, for
 * every entry, most of which are never served (decision 027).
 */
export interface HeldAnswer extends Omit<StoredAnswer, 'response'> {
  responseJson: string;
}

export function heldAnswerOf(row: {
  response: string;
  tokens_in: number;
  tokens_out: number;
  cost: number;
}): HeldAnswer {
  return {
    responseJson: row.response,
    tokensIn: row.tokens_in,
    tokensOut: row.tokens_out,
    cost: row.cost,
  };
}

/** A fresh object per hit, so nothing a request does to its answer reaches the entry. */
export function storedAnswerOf(held: HeldAnswer): StoredAnswer {
  return {
    response: JSON.parse(held.responseJson) as ChatCompletionResponse,
    tokensIn: held.tokensIn,
    tokensOut: held.tokensOut,
    cost: held.cost,
  };
}
