/**
 * Server-sent events, both ways. `formatSse` writes one event; `parseSseBatches` reads events off
 * a byte stream the way the EventSource spec does, whatever way the bytes were split and whichever
 * line ending (CRLF, LF, CR) the server uses.
 */

/** One SSE event. Strings are sent as they are (e.g. `[DONE]`), anything else as JSON. */
export function formatSse(data: unknown, event?: string): string {
  const head = event ? `event: ${event}\n` : '';
  // JSON escapes every line break, so it is always one data line: the common case skips the split.
  if (typeof data !== 'string') return `${head}data: ${JSON.stringify(data)}\n\n`;
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `${head}${lines.join('')}\n`;
}

export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * The events each read of the stream completed, as one array per read (reads that complete none
 * yield nothing). Under load one read often holds a whole short answer: handing its events on
 * together costs every layer above one step per read instead of one per event.
 */
export async function* parseSseBatches(
  stream: AsyncIterable<Uint8Array>,
  maxEventBytes = Number.POSITIVE_INFINITY,
): AsyncGenerator<SseEvent[]> {
  const decoder = new TextDecoder();
  const reader = new SseEventReader(maxEventBytes);
  for await (const bytes of stream) {
    const events = reader.feed(decoder.decode(bytes, { stream: true }), false);
    if (events.length > 0) yield events;
  }
  const last = reader.finish(decoder.decode());
  if (last.length > 0) yield last;
}

/** Thrown by parseSseBatches when one event, or a line not yet ended, passes its limit in bytes. */
export class SseEventTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`An SSE event passed ${limit} bytes`);
  }
}

const LF = 10;
const COLON = 58;
const SPACE = 32;

/**
 * Incremental line and field parser; holds back a partial line until its ending arrives. Lines are
 * read in place by position: slicing the held text once per line cost more than the JSON parse of
 * the event it carried.
 */
class SseEventReader {
  private rest = '';
  /** UTF-8 bytes of `rest` and `data`, kept as they grow: the limit is in bytes, as sent (decision 101). */
  private restBytes = 0;
  private dataBytes = 0;
  private started = false;
  private event: string | undefined;
  private data: string | undefined;

  constructor(private readonly maxEventBytes: number) {}

  feed(text: string, atEnd: boolean): SseEvent[] {
    // More of a line that has not ended: appended without searching the held part again, so a
    // long line costs its length once, not once per read.
    if (!atEnd && this.rest && text.indexOf('\n') === -1 && text.indexOf('\r') === -1) {
      this.rest += text;
      this.restBytes += Buffer.byteLength(text);
      this.checkSize();
      return [];
    }
    let buffer = this.rest ? this.rest + text : text;
    if (!this.started && buffer.length > 0) {
      this.started = true;
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
    }
    const out: SseEvent[] = [];
    let at = 0;
    // Most servers never send a CR: one search tells, and the loop then looks for LF alone.
    let cr = buffer.indexOf('\r');
    for (;;) {
      if (cr !== -1 && cr < at) cr = buffer.indexOf('\r', at);
      const lf = buffer.indexOf('\n', at);
      let end: number;
      let next: number;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        // A CR at the very end may be the first half of a CRLF split across reads.
        if (cr === buffer.length - 1 && !atEnd) break;
        end = cr;
        next = buffer.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
      } else if (lf !== -1) {
        end = lf;
        next = lf + 1;
      } else break;
      this.readLine(buffer, at, end, out);
      at = next;
    }
    this.rest = at === 0 ? buffer : buffer.slice(at);
    // What is held now is at most the end of this read (or, rarely, a CR waiting for its LF).
    this.restBytes = this.rest ? Buffer.byteLength(this.rest) : 0;
    this.checkSize();
    return out;
  }

  /** A line with no end in sight, or an event of endless data lines, would be held whole. */
  private checkSize(): void {
    if (this.restBytes + this.dataBytes > this.maxEventBytes)
      throw new SseEventTooLarge(this.maxEventBytes);
  }

  /** End of stream: a last event without its blank line still counts (some servers omit it). */
  finish(text: string): SseEvent[] {
    const out = this.feed(text, true);
    if (this.rest) this.readLine(this.rest, 0, this.rest.length, out);
    this.rest = '';
    this.restBytes = 0;
    this.dispatch(out);
    return out;
  }

  private readLine(buffer: string, start: number, end: number, out: SseEvent[]): void {
    if (start === end) {
      this.dispatch(out);
      return;
    }
    const first = buffer.charCodeAt(start);
    if (first === COLON) return;
    let field: string;
    let valueStart: number;
    if (buffer.startsWith('data:', start) && start + 5 <= end) {
      field = 'data';
      valueStart = start + 5;
    } else {
      const line = buffer.slice(start, end);
      const colon = line.indexOf(':');
      field = colon === -1 ? line : line.slice(0, colon);
      valueStart = colon === -1 ? end : start + colon + 1;
    }
    if (valueStart < end && buffer.charCodeAt(valueStart) === SPACE) valueStart += 1;
    if (field === 'data') {
      const value = buffer.slice(valueStart, end);
      this.dataBytes += Buffer.byteLength(value) + (this.data === undefined ? 0 : 1);
      this.data = this.data === undefined ? value : `${this.data}\n${value}`;
    } else if (field === 'event') this.event = buffer.slice(valueStart, end);
  }

  private dispatch(out: SseEvent[]): void {
    const { event, data } = this;
    this.event = undefined;
    this.data = undefined;
    this.dataBytes = 0;
    if (data === undefined) return;
    out.push(event ? { event, data } : { data });
  }
}
