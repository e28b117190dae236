import type { ProviderId } from '@tokenwise/pricing';
import { promptPieces } from '../request/prompt-pieces.ts';
import type { ChatCompletionRequest, ChatMessage } from '../types.ts';

// A message costs a few tokens beyond its text (role, separators) in every tokenizer we price.
const PER_MESSAGE_TOKENS = 8;
// Anthropic puts a tool-use system prompt before the definitions when a request offers tools, and
// charges it as input: up to 346 tokens for its current models.
const TOOL_USE_PROMPT_TOKENS = 350;

/**
 * The same bound for a whole chat request: the provider also reads, and charges as prompt tokens,
 * the tool definitions and the reply's schema beside the messages.
 */
export function estimateRequestTokens(
  request: ChatCompletionRequest,
  provider?: ProviderId,
): number {
  let tokens = estimatePromptTokens(request.messages, provider);
  if (request.tools?.length) {
    tokens += TOOL_USE_PROMPT_TOKENS + Buffer.byteLength(JSON.stringify(request.tools));
  }
  if (request.response_format) tokens += Buffer.byteLength(JSON.stringify(request.response_format));
  return tokens;
}

/**
 * An upper bound on the prompt tokens a request will be charged, cheap enough for every request:
 * no tokenizer yields more tokens than UTF-8 bytes. The quota holds this much while the call runs
 * and settles to the provider's count after (gateway/accounts/quota-reservations.ts). Images count
 * by the `provider`'s rule (decision 175); without one, by the largest rule.
 */
export function estimatePromptTokens(
  messages: readonly ChatMessage[],
  provider?: ProviderId,
): number {
  let tokens = 0;
  for (const m of messages) {
    tokens += PER_MESSAGE_TOKENS;
    // Documents' and search results' texts and tool calls too: a 50 KB search result sent to
    // Claude as its own block is not a flat part (decision 162).
    const { texts, nonTextTokens } = promptPieces(m, provider);
    for (const text of texts) tokens += Buffer.byteLength(text);
    tokens += nonTextTokens;
  }
  return tokens;
}
