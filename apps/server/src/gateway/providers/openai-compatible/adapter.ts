import type { UpstreamTarget } from '../../types.ts';
import type { ProviderAdapter } from '../provider-adapter.ts';
import { jsonPost } from '../shared/http-spec.ts';
import { providerErrorMessage } from '../shared/provider-message.ts';
import { chatBody } from './chat-request.ts';
import { toChatResponse } from './chat-response.ts';
import { embeddingsBody, toEmbeddingsResponse } from './embeddings.ts';
import { openAiCompatibleStream } from './stream-translator.ts';
import type { OpenAiCompatibleVendor } from './vendor.ts';

/** The one adapter behind OpenAI, Mistral and Groq; each vendor only states its differences. */
export function createOpenAiCompatibleAdapter(vendor: OpenAiCompatibleVendor): ProviderAdapter {
  const baseUrl = (target: UpstreamTarget) => target.baseUrl || vendor.defaultBaseUrl;
  const auth = (target: UpstreamTarget) => ({ authorization: `Bearer ${target.apiKey}` });
  const adapter: ProviderAdapter = {
    id: vendor.id,
    defaultBaseUrl: vendor.defaultBaseUrl,
    chatRequest: (req, target) =>
      jsonPost(baseUrl(target), '/chat/completions', auth(target), chatBody(req, target, vendor)),
    chatResponse: (body, target, requestId) =>
      toChatResponse(body, target, requestId, vendor.label),
    streamTranslator: (target, meta) => openAiCompatibleStream(vendor.label, target, meta),
    errorMessage: (status, bodyText) => providerErrorMessage(vendor.label, status, bodyText),
  };
  const embeddings = vendor.embeddings;
  if (embeddings) {
    adapter.embeddingsRequest = (req, target) => {
      const body = embeddingsBody(req, target);
      return jsonPost(
        baseUrl(target),
        '/embeddings',
        auth(target),
        embeddings.adaptBody?.(body) ?? body,
      );
    };
    adapter.embeddingsResponse = (body, target) => toEmbeddingsResponse(body, target, vendor.label);
  }
  return adapter;
}
