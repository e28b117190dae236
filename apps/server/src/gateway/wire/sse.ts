/**
 * Server-sent events, both ways. `formatSse` writes one event; `parseSse` reads events off a byte
 * stream the way the EventSource spec does, whatever way the bytes were split and whichever line
 * ending (CRLF, LF, CR) the server uses.
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

export async function* parseSse(stream: AsyncIterable<Uint8Array>): AsyncIterable<SseEvent> {
  const decoder = new TextDecoder();
  const reader = new SseEventReader();
  for await (const bytes of stream) {
    yield* reader.feed(decoder.decode(bytes, { stream: true }));
  }
  yield* reader.finish(decoder.decode());
}

/** Incremental line and field parser; holds back a partial line until its ending arrives. */
class SseEventReader {
  private buffer = '';
  private started = false;
  private event: string | undefined;
  private data: string[] = [];

  *feed(text: string): Generator<SseEvent> {
    this.buffer += text;
    if (!this.started && this.buffer.length > 0) {
      this.started = true;
      if (this.buffer.startsWith('\uFEFF')) this.buffer = this.buffer.slice(1);
    }
    yield* this.readLines(false);
  }

  /** End of stream: a last event without its blank line still counts (some servers omit it). */
  *finish(text: string): Generator<SseEvent> {
    yield* this.feed(text);
    yield* this.readLines(true);
    if (this.buffer) yield* this.readLine(this.buffer);
    this.buffer = '';
    const last = this.dispatch();
    if (last) yield last;
  }

  private *readLines(atEnd: boolean): Generator<SseEvent> {
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) return;
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (match[0] === '\r' && match.index === this.buffer.length - 1 && !atEnd) return;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      yield* this.readLine(line);
    }
  }

  private *readLine(line: string): Generator<SseEvent> {
    if (line === '') {
      const event = this.dispatch();
      if (event) yield event;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }

  private dispatch(): SseEvent | undefined {
    const event = this.event;
    const data = this.data;
    this.event = undefined;
    this.data = [];
    if (data.length === 0) return undefined;
    return event ? { event, data: data.join('\n') } : { data: data.join('\n') };
  }
}
