import type {
  ChatCompletionChunk,
  ChatCompletionResponse,
  ThinkingBlock,
  ThinkingDelta,
} from '../types.ts';

const WORDS_PER_CHUNK = 4;

type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * A whole answer (a cached one, or a provider's plain answer to a streamed request) as a proper
 * stream: a role chunk, thinking blocks (text a few words at a time,
 * then the signature, as Claude streams them), the web searches' queries, the text a few words at a time (Claude's cited text
 * blocks each with its citations), OpenAI's annotations, tool calls, the
 * finish chunk with the stop sequence, then a usage chunk (the route drops it unless
 * include_usage was asked for).
 */
export function replayChunks(response: ChatCompletionResponse): ChatCompletionChunk[] {
  const base = {
    id: response.id,
    object: 'chat.completion.chunk' as const,
    created: response.created,
    model: response.model,
  };
  const chunks: ChatCompletionChunk[] = [];
  const chunk = (delta: Delta) =>
    chunks.push({ ...base, choices: [{ index: 0, delta, finish_reason: null }] });
  const choice = response.choices[0];
  chunk({ role: 'assistant', content: '' });
  // The searches first, as Claude streams them (decision 185).
  const queries = choice?.message.web_search_queries;
  if (queries?.length) chunk({ web_search_queries: queries });
  for (const [index, block] of (choice?.message.thinking_blocks ?? []).entries()) {
    for (const step of thinkingDeltas(index, block)) chunk({ thinking_blocks: [step] });
  }
  const textBlocks = choice?.message.text_blocks;
  if (textBlocks?.length) {
    // Claude's cited blocks as the live stream carried them: each marked where it opens (after
    // the first, or cited), its citations, then its text (decision 143).
    for (const [index, block] of textBlocks.entries()) {
      if (index > 0 || block.citations?.length) chunk({ text_block: { index } });
      for (const citation of block.citations ?? []) chunk({ text_block: { index, citation } });
      for (const piece of wordsOf(block.text)) chunk({ content: piece });
    }
  } else {
    for (const piece of wordsOf(choice?.message.content ?? '')) chunk({ content: piece });
  }
  // OpenAI's annotations in a delta of their own after the text, as its live stream sends them;
  // the restore stage counts them in the text replayed before (decision 164).
  const annotations = choice?.message.annotations;
  if (Array.isArray(annotations) && annotations.length > 0) chunk({ annotations });
  const calls = choice?.message.tool_calls ?? [];
  if (calls.length > 0) {
    chunk({
      tool_calls: calls.map((c, index) => ({
        index,
        id: c.id,
        type: 'function' as const,
        function: c.function,
        // Gemini's thought signature: without it Gemini 3 refuses the caller's next turn.
        ...(c.extra_content ? { extra_content: c.extra_content } : {}),
      })),
    });
  }
  const extra = choice?.message.extra_content;
  if (extra) chunk({ extra_content: extra });
  const stopSequence = typeof choice?.stop_sequence === 'string' ? choice.stop_sequence : null;
  chunks.push({
    ...base,
    choices: [
      {
        index: 0,
        delta: {},
        finish_reason: choice?.finish_reason ?? 'stop',
        ...(stopSequence !== null ? { stop_sequence: stopSequence } : {}),
      },
    ],
    ...(response.context_management ? { context_management: response.context_management } : {}),
  });
  chunks.push({ ...base, choices: [], usage: response.usage });
  return chunks;
}

/** The replayed answer as a stream: all of it is at hand, so it goes out as one batch. */
export async function* replayAsStream(
  response: ChatCompletionResponse,
): AsyncGenerator<ChatCompletionChunk[]> {
  yield replayChunks(response);
}

/** One stored thinking block as the deltas that rebuild it, text and signature verbatim. */
function thinkingDeltas(index: number, block: ThinkingBlock): ThinkingDelta[] {
  if (block.type === 'redacted_thinking') return [{ index, type: block.type, data: block.data }];
  const steps: ThinkingDelta[] = [{ index, type: block.type }];
  for (const piece of wordsOf(block.thinking)) steps.push({ index, thinking: piece });
  steps.push({ index, signature: block.signature });
  return steps;
}

/** Text in pieces of a few words, whitespace kept, so the pieces join back to the exact text. */
function wordsOf(text: string): string[] {
  const words = text.split(/(?<=\s)/);
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) {
    pieces.push(words.slice(i, i + WORDS_PER_CHUNK).join(''));
  }
  return pieces.filter(Boolean);
}
