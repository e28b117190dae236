import {
  type ChatCompletionChunk,
  GatewayError,
  type TokenUsage,
  type UpstreamTarget,
} from '../../types.ts';
import type { StreamTranslator } from '../provider-adapter.ts';
import { chunkOf, usageChunks } from '../shared/chunk.ts';
import { errorTypeForStatus } from '../shared/error-type.ts';
import { parseEventJson } from '../shared/http-spec.ts';
import { geminiUsage, readCandidateParts } from './candidate.ts';
import { finishFromGemini } from './finish-reason.ts';
import { groundingAnnotations, webSearchQueries, withSearches } from './grounding.ts';
import { extraContentOf } from './thought-signature.ts';

type Json = Record<string, unknown>;
type Delta = ChatCompletionChunk['choices'][number]['delta'];

/**
 * streamGenerateContent?alt=sse → OpenAI chunks. Every event is a partial GenerateContentResponse;
 * usageMetadata is cumulative, so the last one seen wins. Gemini has no end marker besides the
 * finishReason on the last candidate event. Google Search grounding comes on candidate events,
 * usually the last, each a snapshot of the whole set (a later one may widen a segment): the last
 * is held and its pages go out once, as an annotations delta just before the finish chunk
 * (decision 184), their segments counted in the candidate's whole streamed text.
 */
export function geminiStream(
  target: UpstreamTarget,
  meta: { id: string; created: number },
): StreamTranslator {
  let model = target.model;
  let usage: TokenUsage | undefined;
  let finished = false;
  const candidates = new Map<number, CandidateState>();

  const onCandidate = (candidate: Json, position: number): ChatCompletionChunk[] => {
    const index = typeof candidate.index === 'number' ? candidate.index : position;
    let state = candidates.get(index);
    const delta: Delta = {};
    if (!state) {
      state = { toolCount: 0, text: '', cited: new Set(), queries: new Set(), queriesWritten: 0 };
      candidates.set(index, state);
      delta.role = 'assistant';
    }
    const { text, toolCalls, signature } = readCandidateParts(candidate);
    if (text) {
      delta.content = text;
      state.text += text;
    }
    // The text's signature may come alone on an empty text part; the delta then carries only it.
    if (signature) delta.extra_content = extraContentOf(signature);
    if (toolCalls.length) {
      // Gemini sends each call whole, its signature with it: both go in the call's first delta.
      const first = state.toolCount;
      delta.tool_calls = toolCalls.map((call, i) => ({ index: first + i, ...call }));
      state.toolCount += toolCalls.length;
    }
    const out = Object.keys(delta).length ? [chunkOf(meta, model, delta, null, index)] : [];
    if (candidate.groundingMetadata) {
      // Each event's metadata is the whole set so far (a later one may widen a segment): keep the
      // last, and write it once, when the candidate finishes.
      state.grounding = candidate.groundingMetadata;
      for (const query of webSearchQueries(state.grounding)) state.queries.add(query);
      if (state.finished) out.push(...groundingChunks(state, index));
    }
    const finish = finishFromGemini(
      candidate.finishReason,
      state.toolCount > 0,
      candidate.finishMessage,
    );
    if (finish) {
      finished = true;
      state.finished = true;
      out.push(...groundingChunks(state, index), chunkOf(meta, model, {}, finish, index));
    }
    return out;
  };

  /**
   * The held grounding's annotations, over the whole text streamed, then the queries not yet
   * written: the searches ran before the text, but Gemini names them only now (decision 185).
   */
  const groundingChunks = (state: CandidateState, index: number): ChatCompletionChunk[] => {
    const out: ChatCompletionChunk[] = [];
    if (!state.grounding) return out;
    const streamed = state.text;
    const annotations = groundingAnnotations(
      state.grounding,
      () => ({ text: streamed, start: 0 }),
      state.cited,
    );
    state.grounding = undefined;
    if (annotations.length) out.push(chunkOf(meta, model, { annotations }, null, index));
    const fresh = [...state.queries].slice(state.queriesWritten);
    state.queriesWritten = state.queries.size;
    if (fresh.length) out.push(chunkOf(meta, model, { web_search_queries: fresh }, null, index));
    return out;
  };

  const searches = () => [...candidates.values()].reduce((sum, c) => sum + c.queries.size, 0);
  const reported = () => usage && withSearches(usage, searches());

  return {
    push({ data }) {
      const event = parseEventJson(data, 'Gemini');
      if (event.error) throw streamError(event.error as Json);
      usage = geminiUsage(event.usageMetadata) ?? usage;
      if (typeof event.modelVersion === 'string') model = event.modelVersion;
      const list = Array.isArray(event.candidates) ? (event.candidates as Json[]) : [];
      if (list.length === 0 && (event.promptFeedback as Json | undefined)?.blockReason) {
        finished = true;
        return [chunkOf(meta, model, { role: 'assistant', content: '' }, 'content_filter')];
      }
      return list.flatMap(onCandidate);
    },
    // A candidate that never sent its finish reason (another one's ended the stream) still gets
    // the grounding it was sent.
    end: () => [
      ...[...candidates].flatMap(([index, state]) => groundingChunks(state, index)),
      ...usageChunks(meta, model, reported()),
    ],
    usage: reported,
    completed: () => finished,
    // Gemini has no end-of-stream event: the finish reason is its last word.
    ended: () => finished,
  };
}

interface CandidateState {
  toolCount: number;
  /** The answer's text so far, which grounding segments index (in UTF-8 bytes). */
  text: string;
  /** The last grounding metadata not yet written; each event's replaces the one before. */
  grounding?: unknown;
  /** Whether the finish chunk went out: metadata after it is written at once. */
  finished?: boolean;
  /** The url_citations already written (`groundingAnnotations`' keys). */
  cited: Set<string>;
  /** The distinct queries grounding named so far (the searches), in order. */
  queries: Set<string>;
  /** How many of `queries` went out as web_search_queries deltas. */
  queriesWritten: number;
}

function streamError(error: Json): GatewayError {
  const status = typeof error.code === 'number' ? error.code : 500;
  const message =
    typeof error.message === 'string' ? error.message : 'Gemini reported a stream error';
  return new GatewayError(status, message, errorTypeForStatus(status));
}
