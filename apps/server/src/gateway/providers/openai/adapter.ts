import { createOpenAiCompatibleAdapter } from '../openai-compatible/adapter.ts';

/** OpenAI is the canonical format: the request passes through with only the model replaced. */
export const openAiAdapter = createOpenAiCompatibleAdapter({
  id: 'openai',
  label: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  acceptsStreamOptions: true,
  embeddings: {},
});
