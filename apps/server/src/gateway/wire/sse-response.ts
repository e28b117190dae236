import type { FastifyReply } from 'fastify';

export interface SseWriter {
  /** True once the caller's connection closed: nothing written reaches anyone. */
  readonly closed: boolean;
  write(text: string): void;
  /**
   * Sends what is held; when the caller's socket is already full, resolves once it has taken it
   * (back-pressure: the provider's stream is read no faster than the caller reads). A caller that
   * takes nothing for `stallMs` is disconnected (the provider's call then ends as a 499).
   */
  drained(): Promise<void> | undefined;
  /**
   * `write(text)` then `drained()`, without the next tick `write` schedules: the relay loops send a
   * read's events at once, so a tick per read only found nothing left to flush.
   */
  send(text: string): Promise<void> | undefined;
  /** Sends what is still held and ends the answer. */
  end(): void;
}

/**
 * Takes over the socket for a server-sent-events answer, carrying the gateway's headers. Events
 * written in one turn of the event loop go out as one socket write: a provider's read usually holds
 * several events (a whole short answer, under load), and a write per event cost a system call and
 * a buffer each, a fifth of a streamed request's CPU. The flush is a next tick, after the turn's
 * promise jobs, so no event waits for other requests' I/O.
 */
export function openSse(
  reply: FastifyReply,
  headers: Record<string, string>,
  stallMs: number,
): SseWriter {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  // No flushHeaders(): the route opens the answer with its first chunk in hand, so the headers
  // leave with the first events in one write instead of a system call of their own.
  let held = '';
  const flush = () => {
    if (held && !res.writableEnded) res.write(held);
    held = '';
  };
  return {
    get closed() {
      return res.destroyed;
    },
    write(text) {
      if (!held) process.nextTick(flush);
      held += text;
    },
    send(text) {
      held += text;
      return this.drained();
    },
    drained() {
      flush();
      if (!res.writableNeedDrain || res.destroyed) return undefined;
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        const timer = setTimeout(() => res.destroy(), stallMs);
        res.once('drain', done);
        res.once('close', done);
      });
    },
    end() {
      flush();
      if (!res.writableEnded) res.end();
    },
  };
}
