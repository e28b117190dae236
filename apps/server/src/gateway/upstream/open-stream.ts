import type { Dispatcher } from 'undici';
import type { StreamTranslator } from '../providers/provider-adapter.ts';
import { type ChatCompletionChunk, type ChunkBatches, GatewayError } from '../types.ts';
import { parseSseBatches, type SseEvent, SseEventTooLarge } from '../wire/sse.ts';
import { AttemptError, streamCut, transportFailure } from './attempt-error.ts';
import type { CancelSignal } from './caller-gone.ts';
import { isRetryableStatus } from './retry-policy.ts';
import { answerTooLarge } from './send-http.ts';

/**
 * Reads a 2xx SSE answer up to its first chunk of the answer before handing it over: a failure
 * until then (cut, reset, an overloaded error event) is still retryable because the caller has
 * seen nothing. The opening chunks that carry no answer (OpenAI's role chunk, Anthropic's
 * message_start and an empty text block) wait with it: Anthropic's overloaded error usually comes
 * right after message_start. After that, a failure makes the chunk iterator throw, and a body that
 * ends without the provider's end signal throws a 502. Chunks come in one batch per upstream read.
 */
export async function openStream(
  res: Dispatcher.ResponseData,
  translator: StreamTranslator,
  signal: CancelSignal | undefined,
  body: AsyncIterable<Uint8Array> = res.body,
): Promise<ChunkBatches> {
  const reads = parseSseBatches(body, SSE_EVENT_MAX_BYTES)[Symbol.asyncIterator]();
  let first: Translated = { chunks: [] };
  let ended = false;
  try {
    while (!first.chunks.some(carriesAnswer)) {
      const next = await reads.next();
      if (next.done) {
        ended = true;
        break;
      }
      const read = translate(translator, next.value);
      first = { ...read, chunks: [...first.chunks, ...read.chunks] };
      if (read.error !== undefined && !first.chunks.some(carriesAnswer)) throw read.error;
    }
  } catch (err) {
    res.body.destroy();
    throw earlyFailure(err, signal);
  }
  if (ended && !translator.completed()) throw new AttemptError(streamCut(), true);
  return relay(first, ended ? undefined : reads, translator, res, signal);
}

interface Translated {
  chunks: ChatCompletionChunk[];
  /** What the translator threw at an event after `chunks` (an error event, unreadable JSON). */
  error?: unknown;
}

const eventTooLarge = () => answerTooLarge('a stream event', SSE_EVENT_MAX_BYTES);

const unreadableEvent = () =>
  new GatewayError(502, 'Upstream sent a stream event the gateway cannot read', 'api_error');

/** Whether a chunk gives the caller part of the answer: text, a tool call, thinking, or the end. */
function carriesAnswer(chunk: ChatCompletionChunk): boolean {
  return chunk.choices.some(
    ({ delta, finish_reason }) =>
      Boolean(delta.content) ||
      Boolean(delta.tool_calls?.length) ||
      Boolean(delta.thinking_blocks?.length) ||
      delta.extra_content !== undefined ||
      Boolean(finish_reason),
  );
}

/** One read's events; an event that throws ends the batch, and the chunks before it still go out. */
function translate(translator: StreamTranslator, events: SseEvent[]): Translated {
  const chunks: ChatCompletionChunk[] = [];
  for (const event of events) {
    try {
      for (const chunk of translator.push(event)) chunks.push(chunk);
    } catch (error) {
      // A translator tripping over an event is the provider's unreadable event, not a gateway failure.
      return { chunks, error: error instanceof GatewayError ? error : unreadableEvent() };
    }
  }
  return { chunks };
}

async function* relay(
  first: Translated,
  reads: AsyncIterator<SseEvent[]> | undefined,
  translator: StreamTranslator,
  res: Dispatcher.ResponseData,
  signal: CancelSignal | undefined,
): AsyncGenerator<ChatCompletionChunk[]> {
  let drained = false;
  try {
    let batch = first;
    for (;;) {
      if (batch.chunks.length > 0) yield batch.chunks;
      if (batch.error !== undefined) throw batch.error;
      if (!reads) break;
      let next: IteratorResult<SseEvent[]>;
      try {
        next = await reads.next();
      } catch (err) {
        throw lateFailure(err, signal);
      }
      if (next.done) break;
      batch = translate(translator, next.value);
    }
    drained = true;
    if (!translator.completed()) throw streamCut();
    const last = translator.end();
    if (last.length > 0) yield last;
  } finally {
    // The caller stopped early or the stream failed: free the connection.
    if (!drained) res.body.destroy();
  }
}

/**
 * The most bytes one SSE event (or one line without its end) may hold, counted as UTF-8 as the
 * provider sent them: a real event is a chunk of an answer, a few KB, a Gemini image a few MB.
 * Past it the stream ends with a 502 (decisions 095, 101).
 */
export const SSE_EVENT_MAX_BYTES = 16 * 1024 * 1024;

/** Before the first chunk: provider error events with a retryable status count as retryable. */
function earlyFailure(err: unknown, signal: CancelSignal | undefined): AttemptError {
  if (err instanceof SseEventTooLarge) return new AttemptError(eventTooLarge(), false);
  if (err instanceof GatewayError) return new AttemptError(err, isRetryableStatus(err.status));
  const failure = transportFailure(err, signal);
  return failure.error.status === 502 ? new AttemptError(streamCut(), true) : failure;
}

/** After the first chunk: timeouts and cancellation keep their status, anything else is a cut. */
function lateFailure(err: unknown, signal: CancelSignal | undefined): GatewayError {
  if (err instanceof SseEventTooLarge) return eventTooLarge();
  const { error } = transportFailure(err, signal);
  return error.status === 502 ? streamCut() : error;
}
