import {
  countChatTokens,
  EXACT_COUNT_CHARS,
  listModels,
  type ModelInfo,
  type ModelNeeds,
  type ProviderId,
} from '@tokenwise/pricing';
import { estimateRequestTokens } from '../accounts/quota-estimate.ts';
import { DEFAULT_MAX_TOKENS } from '../providers/anthropic/chat-request.ts';
import { effortBudget } from '../providers/anthropic/reasoning-effort.ts';
import type { ChatCompletionRequest, ChatMessage } from '../types.ts';
import { promptPieces } from './prompt-pieces.ts';

// `document`: an Anthropic caller's PDF by URL or file id, carried as Anthropic wrote it.
const VISUAL_PARTS = new Set(['image_url', 'image', 'file', 'document']);

/** What a model must support to serve this request: routing never picks a model that lacks it. */
export function requestNeeds(request: ChatCompletionRequest, requested: ModelInfo): ModelNeeds {
  // A PDF (a `file` part, Anthropic's `document`) is read page by page as images by OpenAI and
  // Claude alike, which accept one only on a vision model.
  const hasImage = request.messages.some(
    (m) => Array.isArray(m.content) && m.content.some((p) => VISUAL_PARTS.has(p.type)),
  );
  const format = request.response_format?.type;
  const asked = request.max_completion_tokens ?? request.max_tokens;
  const outputTokens = asked ?? unaskedAnswerRoom(request, requested);
  return {
    tools: (request.tools?.length ?? 0) > 0,
    vision: hasImage,
    jsonMode: format === 'json_object' || format === 'json_schema',
    minContext: contextTokens(request, requested, outputTokens),
    ...(asked !== undefined && { maxOutput: asked }),
    // Reasoning models reject temperature/top_p/max_tokens; only route to one if one was asked for.
    samplingParams: !requested.capabilities.reasoning,
    ...(usesLineReasoningControls(request, requested) && { family: requested.family }),
  };
}

/**
 * Groq takes reasoning controls only on its reasoning lines, each with its own values (gpt-oss:
 * `reasoning_effort` low/medium/high and `include_reasoning`; Qwen 3: `reasoning_effort`
 * none/default and `reasoning_format`), and refuses them elsewhere with a 400 (decision 129).
 * Gemini's `reasoning_effort` is taken by every model routing may pick for it; OpenAI's below.
 */
function usesLineReasoningControls(request: ChatCompletionRequest, requested: ModelInfo): boolean {
  if (requested.provider === 'openai') return lineEffort(request.reasoning_effort);
  if (requested.provider !== 'groq') return false;
  return GROQ_REASONING_CONTROLS.some((field) => request[field] !== undefined);
}

/**
 * OpenAI's reasoning models all take low, medium and high; `none` (gpt-5.1 on), `minimal` (gpt-5
 * and its mini and nano) and `xhigh` (gpt-5.2 on) only some lines, which refuse the others with a
 * 400: a request asking one stays in its line (decision 227).
 */
const lineEffort = (effort: unknown) =>
  effort !== undefined && effort !== 'low' && effort !== 'medium' && effort !== 'high';

const GROQ_REASONING_CONTROLS = ['reasoning_effort', 'reasoning_format', 'include_reasoning'];

/**
 * The answer room a model's window must keep when the caller sets no max_tokens: what the gateway
 * sends Claude then, which refuses a prompt whose tokens and max_tokens together exceed its window.
 * Other providers would cut the answer short at the window's end instead; the same room keeps a
 * routed answer from being shorter than the named model allowed (decision 167). Every model routing
 * may pick can write at least this much.
 */
export const UNASKED_OUTPUT_TOKENS = DEFAULT_MAX_TOKENS;

/**
 * The answer room kept without a max_tokens. Claude is sent the effort's thinking budget beside
 * UNASKED_OUTPUT_TOKENS (decision 169). A reasoning model (the catalog's mark: OpenAI's o-series
 * and gpt-5 line) spends hidden reasoning from the same room, far more than that budget: OpenAI
 * advises keeping at least 25,000 tokens for reasoning and answer. That is the room at `medium`,
 * its default effort, scaled by the effort's budget as Claude's is (low 12,500, high 50,000, xhigh
 * 100,000; `none` reasons not at all), at most what the named model may write, and never less
 * than Claude's room (decision 175).
 */
function unaskedAnswerRoom(request: ChatCompletionRequest, requested: ModelInfo): number {
  const room = UNASKED_OUTPUT_TOKENS + effortBudget(request.reasoning_effort);
  if (!requested.capabilities.reasoning) return room;
  const effort = request.reasoning_effort ?? 'medium';
  const reasoning = Math.round(
    (REASONING_ROOM_AT_MEDIUM * effortBudget(effort)) / effortBudget('medium'),
  );
  const most = requested.capabilities.maxOutputTokens ?? reasoning;
  return Math.max(room, Math.min(reasoning, most));
}

/** OpenAI's advice for a reasoning model's max_output_tokens, "when you start experimenting". */
export const REASONING_ROOM_AT_MEDIUM = 25_000;

/**
 * Tokens the chosen model's context window must hold. Only the comparison with windows matters:
 * while a cheap upper bound (UTF-8 bytes, see quota-estimate.ts; no tokenizer yields more tokens,
 * and the per-message overhead is counted generously) fits the provider's smallest window, every
 * model passes the check as it would with the exact count, so the tokenizer runs only for prompts
 * that come near a window.
 */
function contextTokens(
  request: ChatCompletionRequest,
  requested: ModelInfo,
  outputTokens: number,
): number {
  let bound = estimateRequestTokens(request, requested.provider) + REPLY_PRIMER_TOKENS;
  for (const m of request.messages) if (m.name) bound += 1 + Buffer.byteLength(m.name);
  // A window smaller than the answer room is ruled out by any count, so only larger ones matter.
  const fitsEvery =
    bound <= EXACT_COUNT_CHARS &&
    bound + outputTokens <= smallestWindowHolding(requested.provider, outputTokens);
  return (fitsEvery ? bound : countedPromptTokens(request, requested)) + outputTokens;
}

/**
 * The tokenizer's count of every text the provider reads, documents' and search results' included
 * (decision 167), with the tool definitions and the reply's schema as their JSON (decision 169), and
 * each part that is not text as the quota estimate counts it (an image by the provider's rule).
 */
function countedPromptTokens(request: ChatCompletionRequest, model: ModelInfo): number {
  let nonTextTokens = 0;
  const read = request.messages.map((m: ChatMessage) => {
    const pieces = promptPieces(m, model.provider);
    nonTextTokens += pieces.nonTextTokens;
    const content = pieces.texts.map((text) => ({ type: 'text', text }));
    return { role: m.role, content, ...(m.name && { name: m.name }) };
  });
  const definitions = [request.tools, request.response_format]
    .filter((d) => d !== undefined && !(Array.isArray(d) && d.length === 0))
    .map((d) => ({ type: 'text', text: JSON.stringify(d) }));
  if (definitions.length > 0) read.push({ role: 'system', content: definitions });
  return countChatTokens(read, model) + nonTextTokens;
}

/** The tokens OpenAI's chat format adds to prime the reply (see @tokenwise/pricing countChat). */
const REPLY_PRIMER_TOKENS = 3;
const WINDOWS = new Map<ProviderId, number[]>();

/**
 * The smallest context window among a provider's chat models that is larger than `tokens` (the
 * catalog is fixed at load). A reasoning model's answer room (decision 175) passes the smallest
 * windows, and those need no count of the prompt to rule them out.
 */
function smallestWindowHolding(provider: ProviderId, tokens: number): number {
  let windows = WINDOWS.get(provider);
  if (windows === undefined) {
    windows = listModels(provider)
      .filter((m) => !m.capabilities.embeddings)
      .map((m) => m.capabilities.contextWindow)
      .sort((a, b) => a - b);
    WINDOWS.set(provider, windows);
  }
  return windows.find((w) => w > tokens) ?? Number.POSITIVE_INFINITY;
}

/**
 * Why this request must stay on the model it named, if it must. Anthropic keeps its prompt cache
 * per model, so a switch between turns pays for the whole prefix again; and thinking blocks are
 * signed by the model that wrote them, while the smaller Claude models have no extended thinking.
 * Anthropic's beta features are offered per model (1M context on Sonnet, interleaved thinking on
 * Claude 4), so a request asking for one stays where the caller checked it is available. So does
 * one asking to search the web: OpenAI searches only on its search models.
 */
export function modelBoundFeatures(request: ChatCompletionRequest): string[] {
  const features: string[] = [];
  const thinking =
    (request.thinking !== undefined && request.thinking.type !== 'disabled') ||
    request.messages.some((m) => (m.thinking_blocks?.length ?? 0) > 0);
  if (thinking) features.push('extended thinking');
  if (usesPromptCaching(request)) features.push('prompt caching');
  if (request.anthropic_beta?.length) features.push('Anthropic beta features');
  // Effort is offered per model (Claude 4.6 and later), as thinking is.
  if (request.output_config != null) features.push('Anthropic output config');
  // Searches run on the named model only: OpenAI's search models and Claude from 3.5 on (decision 182).
  if (request.web_search_options != null) features.push('web search');
  return features;
}

/**
 * Whether a document asks Claude to cite it (`citations: {enabled: true}`): its citations point
 * into the text as the caller wrote it (quotes, character offsets), so it is not compressed.
 */
export function citesDocuments(request: ChatCompletionRequest): boolean {
  const cites = (p: object) => {
    const doc = p as { type?: unknown; citations?: unknown; document?: { citations?: unknown } };
    const citations = (doc.type === 'document' ? doc : doc.document)?.citations;
    return (citations as { enabled?: unknown } | undefined)?.enabled === true;
  };
  return request.messages.some((m) => Array.isArray(m.content) && m.content.some(cites));
}

/** Whether any message part, tool message, tool call or tool carries a cache_control breakpoint. */
export function usesPromptCaching(request: ChatCompletionRequest): boolean {
  const marked = (x: object) => 'cache_control' in x && Boolean(x.cache_control);
  return (
    (request.tools ?? []).some(marked) ||
    request.messages.some(
      (m) =>
        marked(m) ||
        (m.tool_calls ?? []).some(marked) ||
        (Array.isArray(m.content) && m.content.some(marked)),
    )
  );
}
