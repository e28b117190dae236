import type { UpstreamTarget } from '../../types.ts';
import type { ProviderAdapter } from '../provider-adapter.ts';
import { jsonPost } from '../shared/http-spec.ts';
import { providerErrorMessage } from '../shared/provider-message.ts';
import { geminiBody, geminiModelPath } from './chat-request.ts';
import { fromGeminiResponse } from './chat-response.ts';
import { fromGeminiEmbeddings, geminiEmbeddingsBody } from './embeddings.ts';
import { geminiStream } from './stream-translator.ts';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

const baseUrl = (target: UpstreamTarget) => target.baseUrl || DEFAULT_BASE_URL;
const headers = (target: UpstreamTarget) => ({ 'x-goog-api-key': target.apiKey });

/** Gemini API (v1beta generateContent / streamGenerateContent / batchEmbedContents). */
export const geminiAdapter: ProviderAdapter = {
  id: 'gemini',
  defaultBaseUrl: DEFAULT_BASE_URL,
  chatRequest: (req, target) => {
    const method = req.stream ? ':streamGenerateContent?alt=sse' : ':generateContent';
    const path = `${geminiModelPath(target.model)}${method}`;
    return jsonPost(baseUrl(target), path, headers(target), geminiBody(req, target.model));
  },
  chatResponse: fromGeminiResponse,
  streamTranslator: geminiStream,
  errorMessage: (status, bodyText) => providerErrorMessage('Gemini', status, bodyText),
  embeddingsRequest: (req, target) =>
    jsonPost(
      baseUrl(target),
      `${geminiModelPath(target.model)}:batchEmbedContents`,
      headers(target),
      geminiEmbeddingsBody(req, target),
    ),
  embeddingsResponse: fromGeminiEmbeddings,
};
