import { invalidParam } from '../../types.ts';

/**
 * Chat Completions' `web_search_options` to a provider the gateway has no search for (Gemini,
 * Mistral, Groq): a 400 in OpenAI's shape naming the parameter and the model, never dropped
 * (decision 182). Dropped, the caller would get an answer from the model's memory and take it
 * for a searched one.
 */
export function refuseWebSearchOptions(options: unknown, model: unknown, provider: string): void {
  if (options == null) return;
  throw invalidParam(
    'web_search_options',
    `Unsupported parameter: 'web_search_options' is not supported with ${provider} model '${String(model)}'. Web search through the gateway works with Claude models and OpenAI's search models.`,
    'unsupported_parameter',
  );
}
