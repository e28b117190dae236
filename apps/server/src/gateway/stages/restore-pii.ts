import type { RedactionSession, StreamRestorer } from '@tokenwise/pii';
import { isJsonObject } from '../../lib/json-shape.ts';
import {
  annotationsInRestored,
  citationInOriginal,
  type DocumentOffsets,
} from '../citation-offsets.ts';
import type {
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatCompletionResponse,
  ChunkBatches,
  Citation,
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
 * Offsets follow (decision 164): a citation's into a redacted document (`documents`) and an
 * annotation's into the answer count characters of the caller's text.
 */
export function restoreResponse(
  response: ChatCompletionResponse,
  session: RedactionSession,
  form: AnswerForm,
  documents?: DocumentOffsets,
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
        ...annotationsOf(c.message, session, form),
        // A search query can repeat the prompt's placeholders (decision 185).
        ...(c.message.web_search_queries
          ? { web_search_queries: c.message.web_search_queries.map((q) => session.restore(q)) }
          : {}),
        ...(c.message.text_blocks
          ? {
              text_blocks: c.message.text_blocks.map((b) =>
                restoreCited(b, session, form, documents),
              ),
            }
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

/** OpenAI's annotations of a message, restored as restoreAnnotations does. */
function annotationsOf(
  message: { content: string | null; annotations?: unknown },
  session: RedactionSession,
  form: AnswerForm,
): { annotations?: unknown[] } {
  const { annotations, content } = message;
  if (!Array.isArray(annotations) || annotations.length === 0) return {};
  return { annotations: restoreAnnotations(annotations, content ?? '', session, form) };
}

/**
 * OpenAI's annotations of a text the model `written`: their indexes into it as restored
 * (decision 164), the caller's values back in the title and url each names (decision 176).
 */
function restoreAnnotations(
  annotations: unknown[],
  written: string,
  session: RedactionSession,
  form: AnswerForm,
): unknown[] {
  const counted = annotationsInRestored(annotations, session.restoreOffsets(written, form));
  return counted.map((annotation) => {
    if (!isJsonObject(annotation) || !isJsonObject(annotation.url_citation)) return annotation;
    const { title, url } = annotation.url_citation;
    const cited = { ...annotation.url_citation };
    if (typeof title === 'string') cited.title = session.restore(title);
    if (typeof url === 'string') cited.url = session.restoreInUrl(url);
    return { ...annotation, url_citation: cited };
  });
}

/**
 * A cited text block with the caller's values back in its text and in the passages it quotes,
 * and the offsets of each passage into the caller's document.
 */
function restoreCited(
  block: CitedTextBlock,
  session: RedactionSession,
  form: AnswerForm,
  documents: DocumentOffsets | undefined,
): CitedTextBlock {
  const text = form === 'json' ? session.restoreInJson(block.text) : session.restore(block.text);
  const citations = block.citations?.map((c) => restoreCitation(c, session, documents));
  return { ...block, text, ...(citations ? { citations } : {}) };
}

// What a citation repeats of the blocks Claude was sent: the passage, and the title and source it
// names (a search result's, decision 162; a document's title).
const CITED_FIELDS = ['cited_text', 'document_title', 'title', 'source'] as const;

/**
 * The citation with its offsets into the caller's document (decision 164) and the caller's values
 * back in each text it quotes from the prompt.
 */
function restoreCitation(
  citation: Citation,
  session: RedactionSession,
  documents: DocumentOffsets | undefined,
): Citation {
  const restored: Citation = { ...citationInOriginal(citation, documents) };
  for (const field of CITED_FIELDS) {
    const text = citation[field];
    if (typeof text === 'string') restored[field] = session.restore(text);
  }
  return restored;
}

/**
 * Restores a streamed answer as it flows: each choice's text (in `form`) and each tool call's
 * arguments (as JSON) get their own restorer, which holds back only a placeholder split
 * across chunks; whatever it holds is released on the chunk that finishes the choice. A
 * citation's offsets are mapped as restoreResponse maps them; an annotation's, into the text
 * streamed so far, so each choice's text as the model wrote it is kept while the stream lasts.
 */
export async function* restoreStream(
  batches: ChunkBatches,
  session: RedactionSession,
  form: AnswerForm,
  documents?: DocumentOffsets,
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
  const written = new Map<number, string>();
  const answer = { session, form, documents, written };
  let last: ChatCompletionChunk | undefined;
  for await (const batch of batches) {
    for (const chunk of batch) {
      last = chunk;
      restoreChunk(chunk, restorer, restorers, answer);
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

/** What a streamed answer is restored with, and each choice's text as the model wrote it. */
interface StreamedAnswer {
  session: RedactionSession;
  form: AnswerForm;
  documents: DocumentOffsets | undefined;
  written: Map<number, string>;
}

function restoreChunk(
  chunk: ChatCompletionChunk,
  restorer: (key: string) => StreamRestorer,
  restorers: Map<string, StreamRestorer>,
  answer: StreamedAnswer,
): void {
  const { session } = answer;
  for (const choice of chunk.choices) {
    const delta = choice.delta;
    if (typeof choice.stop_sequence === 'string')
      choice.stop_sequence = session.restore(choice.stop_sequence);
    // A citation comes whole: what it quotes is restored at once.
    const textBlock = delta.text_block;
    if (textBlock?.citation)
      textBlock.citation = restoreCitation(textBlock.citation, session, answer.documents);
    if (typeof delta.content === 'string') {
      answer.written.set(choice.index, (answer.written.get(choice.index) ?? '') + delta.content);
      delta.content = restorer(`c${choice.index}`).push(delta.content);
    }
    restoreDeltaAnnotations(delta, choice.index, answer);
    if (delta.web_search_queries)
      delta.web_search_queries = delta.web_search_queries.map((q) => session.restore(q));
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

/**
 * A delta's OpenAI annotations, counted in the choice's text as the caller reads it. An
 * annotation comes whole in one delta: what it names is restored at once.
 */
function restoreDeltaAnnotations(delta: object, index: number, answer: StreamedAnswer): void {
  const carrier = delta as { annotations?: unknown };
  if (!Array.isArray(carrier.annotations) || carrier.annotations.length === 0) return;
  const written = answer.written.get(index) ?? '';
  carrier.annotations = restoreAnnotations(
    carrier.annotations,
    written,
    answer.session,
    answer.form,
  );
}
