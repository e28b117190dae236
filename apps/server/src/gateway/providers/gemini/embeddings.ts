import {
  type EmbeddingsRequest,
  type EmbeddingsResponse,
  GatewayError,
  type UpstreamTarget,
} from '../../types.ts';
import { asObject } from '../shared/http-spec.ts';

/** batchEmbedContents body: one request per input text. */
export function geminiEmbeddingsBody(
  req: EmbeddingsRequest,
  target: UpstreamTarget,
): Record<string, unknown> {
  const model = `models/${target.model.replace(/^models\//, '')}`;
  const dimensions = req.dimensions ? { outputDimensionality: req.dimensions } : {};
  const texts = [req.input].flat();
  if (!texts.every((t) => typeof t === 'string')) {
    throw new GatewayError(400, 'Gemini embeds text, not token ids', 'invalid_request_error');
  }
  return {
    requests: texts.map((text) => ({
      model,
      content: { parts: [{ text }] },
      ...dimensions,
    })),
  };
}

/**
 * batchEmbedContents answer → OpenAI list. Gemini reports no token usage for embeddings; the
 * zero here is filled with an estimate by the upstream client, which still has the input.
 */
export function fromGeminiEmbeddings(body: unknown, target: UpstreamTarget): EmbeddingsResponse {
  const native = asObject(body, 'Gemini');
  const embeddings = Array.isArray(native.embeddings) ? native.embeddings : [];
  return {
    object: 'list',
    data: embeddings.map((raw, index) => {
      const values = (raw as { values?: unknown }).values;
      return {
        object: 'embedding',
        index,
        embedding: Array.isArray(values) ? (values as number[]) : [],
      };
    }),
    model: target.model,
    usage: { prompt_tokens: 0, total_tokens: 0 },
  };
}
