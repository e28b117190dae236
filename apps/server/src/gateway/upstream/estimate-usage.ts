import { countTextsTokens } from '@tokenwise/pricing';
import type { EmbeddingsRequest, EmbeddingsResponse } from '../types.ts';

/**
 * Some providers (Gemini) report no token usage for embeddings. Accounting needs a number, so the
 * input is counted with the catalog's tokenizer for the model.
 */
export async function withEstimatedUsage(
  req: EmbeddingsRequest,
  response: EmbeddingsResponse,
): Promise<EmbeddingsResponse> {
  if (response.usage.prompt_tokens > 0) return response;
  const inputs = [req.input].flat();
  const texts = inputs.filter((i) => typeof i === 'string');
  const ids = inputs.filter((i) => typeof i !== 'string').flat().length;
  const tokens = countTextsTokens(texts, req.model) + ids;
  return { ...response, usage: { prompt_tokens: tokens, total_tokens: tokens } };
}
