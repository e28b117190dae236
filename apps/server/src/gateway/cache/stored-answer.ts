import type { ChatCompletionResponse } from '../types.ts';

export interface StoredAnswer {
  response: ChatCompletionResponse;
  tokensIn: number;
  tokensOut: number;
  /** What the original call cost at the requested model's price: what a hit saves. */
  cost: number;
}
