import type { Dispatcher } from 'undici';
import type { StreamTranslator } from '../providers/provider-adapter.ts';
import { type ChatCompletionChunk, GatewayError } from '../types.ts';
import { parseSse, type SseEvent } from '../wire/sse.ts';
import { AttemptError, streamCut, transportFailure } from './attempt-error.ts';
import { isRetryableStatus } from './retry-policy.ts';

/**
 * Reads a 2xx SSE answer up to its first chunk before handing it over: a failure until then (cut,
 * reset, an overloaded error event) is still retryable because the caller has seen nothing. After
 * that, a failure makes the chunk iterator throw, and a body that ends without the provider's end
 * signal throws a 502.
 */
export async function openStream(
  res: Dispatcher.ResponseData,
  translator: StreamTranslator,
  signal: AbortSignal | undefined,
): Promise<AsyncIterable<ChatCompletionChunk>> {
  const events = parseSse(res.body)[Symbol.asyncIterator]();
  const first: ChatCompletionChunk[] = [];
  let ended = false;
  try {
    while (first.length === 0) {
      const next = await events.next();
      if (next.done) {
        ended = true;
        break;
      }
      first.push(...translator.push(next.value));
    }
  } catch (err) {
    res.body.destroy();
    throw earlyFailure(err, signal);
  }
  if (ended && !translator.completed()) throw new AttemptError(streamCut(), true);
  return relay(first, ended ? undefined : events, translator, res, signal);
}

async function* relay(
  first: ChatCompletionChunk[],
  events: AsyncIterator<SseEvent> | undefined,
  translator: StreamTranslator,
  res: Dispatcher.ResponseData,
  signal: AbortSignal | undefined,
): AsyncGenerator<ChatCompletionChunk> {
  let drained = false;
  try {
    yield* first;
    while (events) {
      let next: IteratorResult<SseEvent>;
      try {
        next = await events.next();
      } catch (err) {
        throw lateFailure(err, signal);
      }
      if (next.done) break;
      yield* translator.push(next.value);
    }
    drained = true;
    if (!translator.completed()) throw streamCut();
    yield* translator.end();
  } finally {
    // The caller stopped early or the stream failed: free the connection.
    if (!drained) res.body.destroy();
  }
}

/** Before the first chunk: provider error events with a retryable status count as retryable. */
function earlyFailure(err: unknown, signal: AbortSignal | undefined): AttemptError {
  if (err instanceof GatewayError) return new AttemptError(err, isRetryableStatus(err.status));
  const failure = transportFailure(err, signal);
  return failure.error.status === 502 ? new AttemptError(streamCut(), true) : failure;
}

/** After the first chunk: timeouts and cancellation keep their status, anything else is a cut. */
function lateFailure(err: unknown, signal: AbortSignal | undefined): GatewayError {
  const { error } = transportFailure(err, signal);
  return error.status === 502 ? streamCut() : error;
}
