import type { RedactionSession, StreamRestorer } from '@tokenwise/pii';
import type {
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatCompletionResponse,
  ChunkBatches,
  CitedTextBlock,
} from '../types.ts';

/** How an answer's text is written: JSON when the caller asked for structured output. */
export type AnswerForm = 'text' | 'json';

export function answerForm(request: ChatCompletionRequest): AnswerForm {
  const format = request.response_format?.type;
  return format === 'json_object' || format === 'json_schema' ? 'json' : 'text';
}

/**
 * Puts the caller's own values back where the answer repeats a placeholder. In JSON (a tool
 * call's arguments, structured output) a value goes in escaped, so the JSON stays valid.
 */
export function restoreResponse(
  response: ChatCompletionResponse,
  session: RedactionSession,
  form: AnswerForm,
): ChatCompletionResponse {
  const restoreContent = (text: string) =>
    form === 'json' ? session.restoreInJson(text) : session.restore(text);
  return {
    ...response,
    choices: response.choices.map((c) => ({
      ...c,
      // The stop sequence went redacted with the prompt (decision 155): the caller reads theirs.
      ...(typeof c.stop_sequence === 'string'
        ? { stop_sequence: session.restore(c.stop_sequence) }
        : {}),
      message: {
        ...c.message,
        content: c.message.content === null ? null : restoreContent(c.message.content),
        ...(c.message.text_blocks
          ? { text_blocks: c.message.text_blocks.map((b) => restoreCited(b, session, form)) }
          : {}),
        ...(c.message.tool_calls
          ? {
              tool_calls: c.message.tool_calls.map((t) => ({
                ...t,
                function: { ...t.function, arguments: session.restoreInJson(t.function.arguments) },
              })),
            }
          : {}),
      },
    })),
  };
}

/** A cited text block with the caller's values back in its text and in the passages it quotes. */
function restoreCited(
  block: CitedTextBlock,
  session: RedactionSession,
  form: AnswerForm,
): CitedTextBlock {
  const text = form === 'json' ? session.restoreInJson(block.text) : session.restore(block.text);
  const citations = block.citations?.map((c) => restoreCitation(c, session));
  return { ...block, text, ...(citations ? { citations } : {}) };
}

type Citation = NonNullable<CitedTextBlock['citations']>[number];

// What a citation repeats of the blocks Claude was sent: the passage, and the title and source it
// names (a search result's, decision 162; a document's title).
const CITED_FIELDS = ['cited_text', 'document_title', 'title', 'source'] as const;

/** The citation with the caller's values back in each text it quotes from the prompt. */
function restoreCitation(citation: Citation, session: RedactionSession): Citation {
  const restored: Citation = { ...citation };
  for (const field of CITED_FIELDS) {
    const text = citation[field];
    if (typeof text === 'string') restored[field] = session.restore(text);
  }
  return restored;
}

/**
 * Restores a streamed answer as it flows: each choice's text (in `form`) and each tool call's
 * arguments (as JSON) get their own restorer, which holds back only a placeholder split
 * across chunks; whatever it holds is released on the chunk that finishes the choice.
 */
export async function* restoreStream(
  batches: ChunkBatches,
  session: RedactionSession,
  form: AnswerForm,
): AsyncGenerator<ChatCompletionChunk[]> {
  const restorers = new Map<string, StreamRestorer>();
  const restorer = (key: string) => {
    let r = restorers.get(key);
    if (!r) {
      // 't…' keys hold a tool call's arguments, JSON text; 'c…' keys the choice's text.
      r = session.createStreamRestorer(key.startsWith('t') ? 'json' : form);
      restorers.set(key, r);
    }
    return r;
  };
  let last: ChatCompletionChunk | undefined;
  for await (const batch of batches) {
    for (const chunk of batch) {
      last = chunk;
      restoreChunk(chunk, restorer, restorers, session);
    }
    yield batch;
  }
  // A stream that ended without a finish reason still hands back what was held.
  const tail: ChatCompletionChunk[] = [];
  for (const [key, r] of restorers) {
    const rest = r.flush();
    if (!rest || !last || !key.startsWith('c')) continue;
    tail.push({
      ...last,
      choices: [{ index: Number(key.slice(1)), delta: { content: rest }, finish_reason: null }],
      usage: null,
    });
  }
  if (tail.length > 0) yield tail;
}

function restoreChunk(
  chunk: ChatCompletionChunk,
  restorer: (key: string) => StreamRestorer,
  restorers: Map<string, StreamRestorer>,
  session: RedactionSession,
): void {
  for (const choice of chunk.choices) {
    const delta = choice.delta;
    if (typeof choice.stop_sequence === 'string')
      choice.stop_sequence = session.restore(choice.stop_sequence);
    // A citation comes whole: what it quotes is restored at once.
    const textBlock = delta.text_block;
    if (textBlock?.citation) textBlock.citation = restoreCitation(textBlock.citation, session);
    if (typeof delta.content === 'string')
      delta.content = restorer(`c${choice.index}`).push(delta.content);
    for (const call of delta.tool_calls ?? []) {
      if (call.function?.arguments) {
        call.function.arguments = restorer(`t${choice.index}:${call.index}`).push(
          call.function.arguments,
        );
      }
    }
    if (choice.finish_reason) {
      const rest = restorers.get(`c${choice.index}`)?.flush() ?? '';
      if (rest) delta.content = (delta.content ?? '') + rest;
      for (const call of delta.tool_calls ?? []) {
        const tail = restorers.get(`t${choice.index}:${call.index}`)?.flush();
        if (tail && call.function) call.function.arguments = (call.function.arguments ?? '') + tail;
      }
    }
  }
}
