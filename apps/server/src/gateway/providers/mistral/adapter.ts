import { createOpenAiCompatibleAdapter } from '../openai-compatible/adapter.ts';
import { mistralChatBody, mistralEmbeddingsBody } from './chat-body.ts';

/**
 * Mistral does not take `stream_options` in every API version; it reports usage on its last
 * chunk unasked, which the shared stream translator picks up.
 */
export const mistralAdapter = createOpenAiCompatibleAdapter({
  id: 'mistral',
  label: 'Mistral',
  defaultBaseUrl: 'https://api.mistral.ai/v1',
  acceptsStreamOptions: false,
  adaptChatBody: mistralChatBody,
  embeddings: { adaptBody: mistralEmbeddingsBody },
});
