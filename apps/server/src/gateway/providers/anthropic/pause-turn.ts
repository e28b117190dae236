import type { PausedTurn } from '../provider-adapter.ts';
import { readAnthropicUsage } from './usage.ts';

type Json = Record<string, unknown>;

/**
 * Claude's `pause_turn` (a long server-tool turn, a web search, paused), continued as Anthropic
 * advises: the same request with the paused content, exactly as it came, as the last assistant
 * message; Claude's next answer carries only the turn's new blocks (decision 187).
 */
export const anthropicPausedTurn: PausedTurn = {
  continuation(request, answer) {
    const message = answer as Json | null;
    if (message?.stop_reason !== 'pause_turn' || !Array.isArray(message.content)) return undefined;
    const body = request as Json;
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const next = {
      ...body,
      messages: [...messages, { role: 'assistant', content: message.content }],
    };
    if (typeof body.max_tokens !== 'number') return next;
    const room = answerRoomLeft(body, body.max_tokens, message);
    return room === undefined ? undefined : { ...next, max_tokens: room };
  },

  /**
   * One message for the whole turn: the blocks in order (a text block's citations hold no offsets,
   * so the OpenAI annotations, counted over the joined text, fall where they belong), the usage
   * of every call summed (each read the prompt again), the last call's stop.
   */
  join(answers) {
    const messages = answers as Json[];
    const last = messages.at(-1) ?? {};
    const counts = messages.map((m) => readAnthropicUsage(m.usage));
    const sum = (pick: (c: (typeof counts)[number]) => number | undefined) =>
      counts.reduce((total, c) => total + (pick(c) ?? 0), 0);
    const searches = sum((c) => c.webSearches);
    return {
      ...messages[0],
      content: messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])),
      stop_reason: last.stop_reason,
      stop_sequence: last.stop_sequence ?? null,
      usage: {
        input_tokens: sum((c) => c.input),
        output_tokens: sum((c) => c.output),
        cache_read_input_tokens: sum((c) => c.cacheRead),
        cache_creation_input_tokens: sum((c) => c.cacheWrite),
        ...(searches ? { server_tool_use: { web_search_requests: searches } } : {}),
      },
    };
  },
};

/**
 * The caller's `max_tokens` bounds the whole turn, as it would one call: each continuation may
 * write only what the calls before it left (each continuation's request carries what was left
 * before it, so one subtraction a call keeps the running total). Nothing left, or no more than a
 * thinking budget Claude requires `max_tokens` to exceed, and the turn stays paused, read as cut
 * (`length`), so the caller is billed for no more than it allowed.
 */
function answerRoomLeft(body: Json, cap: number, paused: Json): number | undefined {
  const output = readAnthropicUsage(paused.usage).output;
  // A count that is no count (negative, NaN) must not raise the cap; max_tokens is a whole number.
  const written = output !== undefined && output >= 0 ? Math.ceil(output) : 0;
  const left = Math.floor(cap) - written;
  const thinking = body.thinking as Json | undefined;
  const budget =
    thinking?.type === 'enabled' && typeof thinking.budget_tokens === 'number'
      ? thinking.budget_tokens
      : 0;
  return left > budget && left >= 1 ? left : undefined;
}
