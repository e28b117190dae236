import type { ChatCompletionChunk } from '../types.ts';
import { formatSse } from './sse.ts';

/** The keys of an answer chunk as the translators build them, in the order JSON writes them. */
const KEYS = ['id', 'object', 'created', 'model', 'choices'];

/**
 * Writes one answer's OpenAI chunks as SSE events: the same text as `formatSse(chunk)`, with the
 * opening fields serialised once per answer instead of once per chunk. They are the same on
 * every chunk (the gateway's id and time, the answering model), about half of a text chunk's
 * JSON, and a streamed answer is one chunk per token. A chunk with any other key (usage, a
 * restore tail's `usage: null`) or another value goes through `formatSse` whole, so the text
 * never differs.
 */
export class ChunkEvents {
  private id: string | undefined;
  private object: string | undefined;
  private created: number | undefined;
  private model: string | undefined;
  private head = '';

  format(chunk: ChatCompletionChunk): string {
    if (!plainChunk(chunk)) return formatSse(chunk);
    const { id, object, created, model } = chunk;
    if (
      id !== this.id ||
      object !== this.object ||
      created !== this.created ||
      model !== this.model
    ) {
      this.id = id;
      this.object = object;
      this.created = created;
      this.model = model;
      this.head = `data: {"id":${JSON.stringify(id)},"object":${JSON.stringify(object)},"created":${JSON.stringify(created)},"model":${JSON.stringify(model)},"choices":`;
    }
    return `${this.head}${JSON.stringify(chunk.choices)}}\n\n`;
  }
}

/** Exactly the five keys in their order, each of a type JSON writes on its own as in the whole. */
function plainChunk(chunk: ChatCompletionChunk): boolean {
  let i = 0;
  for (const key in chunk) {
    if (key !== KEYS[i]) return false;
    i += 1;
  }
  return (
    i === KEYS.length &&
    typeof chunk.id === 'string' &&
    typeof chunk.object === 'string' &&
    typeof chunk.created === 'number' &&
    typeof chunk.model === 'string' &&
    Array.isArray(chunk.choices)
  );
}
