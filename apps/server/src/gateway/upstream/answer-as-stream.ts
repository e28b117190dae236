import type { StreamTranslator } from '../providers/provider-adapter.ts';
import type { ChatCompletionResponse, ChunkBatches } from '../types.ts';
import { replayAsStream } from '../wire/replay-stream.ts';

/**
 * A provider's plain answer to a streamed request, as the stream the caller asked for (decision
 * 101, as LiteLLM and Portkey do): the whole answer in one batch, complete and ended, so it is
 * logged, priced and cached as a stream that arrived in one read. The usage is the answer's, zeros
 * when the provider left it out; the log counts those with the tokenizer (decision 083).
 */
export function answerAsStream(answer: ChatCompletionResponse): {
  chunks: ChunkBatches;
  translator: StreamTranslator;
} {
  const translator: StreamTranslator = {
    push: () => [],
    end: () => [],
    usage: () => answer.usage,
    completed: () => true,
    ended: () => true,
  };
  return { chunks: replayAsStream(answer), translator };
}
