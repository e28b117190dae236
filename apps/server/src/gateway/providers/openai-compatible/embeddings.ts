import type { EmbeddingsRequest, EmbeddingsResponse, UpstreamTarget } from '../../types.ts';
import { asObject } from '../shared/http-spec.ts';

/**
 * The caller's embeddings request with the provider's model. `encoding_format` is dropped so
 * vectors always come back as numbers the gateway can cache and count; callers wanting base64
 * are served by the gateway's own encoding.
 */
export function embeddingsBody(
  req: EmbeddingsRequest,
  target: UpstreamTarget,
): Record<string, unknown> {
  const { encoding_format: _encoding, ...rest } = req;
  return { ...rest, model: target.model };
}

export function toEmbeddingsResponse(
  body: unknown,
  target: UpstreamTarget,
  label: string,
): EmbeddingsResponse {
  const native = asObject(body, label);
  const data = Array.isArray(native.data) ? native.data : [];
  const usage = (native.usage ?? {}) as { prompt_tokens?: unknown; total_tokens?: unknown };
  const prompt = typeof usage.prompt_tokens === 'number' ? usage.prompt_tokens : 0;
  return {
    object: 'list',
    data: data.map((raw, position) => {
      const item = raw as { index?: unknown; embedding?: unknown };
      return {
        object: 'embedding',
        index: typeof item.index === 'number' ? item.index : position,
        embedding: Array.isArray(item.embedding) ? (item.embedding as number[]) : [],
      };
    }),
    model: typeof native.model === 'string' ? native.model : target.model,
    usage: {
      prompt_tokens: prompt,
      total_tokens: typeof usage.total_tokens === 'number' ? usage.total_tokens : prompt,
    },
  };
}
