import { maskSecrets } from '@tokenwise/pii';
import { GatewayError } from '../types.ts';

/**
 * A provider's error with anything that looks like a key masked, the key we sent it first: some
 * providers quote the key in a 401 ("Incorrect API key provided: sk-…"), and the message goes on
 * to the caller, who must never learn the account's provider key, and into the request log.
 */
export function maskProviderError(err: unknown, apiKey: string): unknown {
  // Masked in place, so the error keeps its status, type and retry-after.
  if (err instanceof GatewayError) err.message = maskSecrets(err.message, [apiKey]);
  return err;
}

/**
 * The same for errors a stream raises after its first chunk (error events, cuts). An iterator of its
 * own rather than an async generator around `yield*`: the generator cost every read of a stream a
 * few promise jobs more, where this costs one `then`.
 */
export function maskStreamErrors<T>(chunks: AsyncIterable<T>, apiKey: string): AsyncIterable<T> {
  return new MaskedStream(chunks, apiKey);
}

class MaskedStream<T> implements AsyncIterableIterator<T> {
  private inner: AsyncIterator<T> | undefined;
  private finished = false;

  constructor(
    private readonly chunks: AsyncIterable<T>,
    private readonly apiKey: string,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.finished) return Promise.resolve({ done: true, value: undefined });
    this.inner ??= this.chunks[Symbol.asyncIterator]();
    return this.inner.next().then(undefined, this.fail);
  }

  /** The consumer stopped early: the source is stopped too (it frees the provider's connection). */
  return(value?: unknown): Promise<IteratorResult<T>> {
    const stop = this.inner?.return;
    this.finished = true;
    if (!this.inner || !stop) return Promise.resolve({ done: true, value: value as T });
    return stop.call(this.inner, value).then(undefined, this.fail);
  }

  private readonly fail = (err: unknown): never => {
    this.finished = true;
    throw maskProviderError(err, this.apiKey);
  };
}
