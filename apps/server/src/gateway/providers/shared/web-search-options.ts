import { type GatewayError, invalidParam } from '../../types.ts';

/**
 * Chat Completions' `web_search_options` to a provider the gateway has no search for (Mistral,
 * Groq): a 400 in OpenAI's shape naming the parameter and the model, never dropped (decision 182).
 * Dropped, the caller would get an answer from the model's memory and take it for a searched one.
 */
export function refuseWebSearchOptions(options: unknown, model: unknown, provider: string): void {
  if (options == null) return;
  throw invalidParam(
    'web_search_options',
    `Unsupported parameter: 'web_search_options' is not supported with ${provider} model '${String(model)}'. Web search through the gateway works with Claude and Gemini models and OpenAI's search models.`,
    'unsupported_parameter',
  );
}

const CONTEXT_SIZES: readonly unknown[] = ['low', 'medium', 'high'];

/**
 * The option's shape, as OpenAI checks it, for a provider that maps none of its fields (Gemini):
 * an object, `search_context_size` one of OpenAI's three, `user_location` an object. A 400
 * (`invalid_value`) naming the field otherwise, as decision 182 answers for Claude.
 */
export function checkWebSearchOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw invalidOption('web_search_options', 'must be an object');
  const { search_context_size: size, user_location: location } = options as Record<string, unknown>;
  if (size != null && !CONTEXT_SIZES.includes(size))
    throw invalidOption(
      'web_search_options.search_context_size',
      `${JSON.stringify(size)} is not one of 'low', 'medium', 'high'`,
    );
  if (location != null && (typeof location !== 'object' || Array.isArray(location)))
    throw invalidOption(
      'web_search_options.user_location',
      "must be {type: 'approximate', approximate}",
    );
}

/** A 400 for one field of the option, in the words OpenAI uses for an invalid value. */
export function invalidOption(param: string, problem: string): GatewayError {
  return invalidParam(param, `Invalid value for '${param}': ${problem}.`, 'invalid_value');
}
