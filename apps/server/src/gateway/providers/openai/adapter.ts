import { isTextCompletionModel } from '@tokenwise/pricing';
import { createOpenAiCompatibleAdapter } from '../openai-compatible/adapter.ts';
import type { ProviderAdapter } from '../provider-adapter.ts';
import { jsonPost } from '../shared/http-spec.ts';
import { fromTextCompletion, textCompletionBody, textCompletionStream } from './text-completion.ts';

/** OpenAI is the canonical format: the request passes through with only the model replaced. */
const chatModels = createOpenAiCompatibleAdapter({
  id: 'openai',
  label: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  acceptsStreamOptions: true,
  embeddings: {},
});

/**
 * OpenAI's chat models take Chat Completions; its text completion models (gpt-3.5-turbo-instruct,
 * davinci-002, babbage-002) only `/v1/completions`, where they get the prompt (decision 152).
 */
export const openAiAdapter: ProviderAdapter = {
  ...chatModels,
  chatRequest(req, target) {
    if (!isTextCompletionModel(`openai/${target.model}`))
      return chatModels.chatRequest(req, target);
    const base = target.baseUrl || chatModels.defaultBaseUrl;
    const auth = { authorization: `Bearer ${target.apiKey}` };
    return jsonPost(base, '/completions', auth, textCompletionBody(req, target));
  },
  chatResponse(body, target, requestId) {
    if ((body as { object?: unknown } | null)?.object !== 'text_completion')
      return chatModels.chatResponse(body, target, requestId);
    return fromTextCompletion(body, target, requestId);
  },
  streamTranslator(target, meta) {
    if (!isTextCompletionModel(`openai/${target.model}`))
      return chatModels.streamTranslator(target, meta);
    return textCompletionStream(target, meta);
  },
};
