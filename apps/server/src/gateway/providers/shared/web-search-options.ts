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

/** The fields of OpenAI's approximate location that the providers' searches also take. */
export const LOCATION_FIELDS = ['city', 'region', 'country', 'timezone'] as const;

/**
 * The option's shape, as OpenAI checks it, for every provider that searches (Claude, Gemini): an
 * object, `search_context_size` one of OpenAI's three, `user_location` an object whose
 * `approximate` is an object of strings. A 400 (`invalid_value`) naming the field otherwise, so
 * one body gets the same answer whichever provider serves it.
 */
export function checkWebSearchOptions(options: unknown): void {
  if (!isObject(options)) throw invalidOption('web_search_options', 'must be an object');
  const { search_context_size: size, user_location: location } = options;
  if (size != null && !CONTEXT_SIZES.includes(size))
    throw invalidOption(
      'web_search_options.search_context_size',
      `${JSON.stringify(size)} is not one of 'low', 'medium', 'high'`,
    );
  if (location == null) return;
  const approximate = isObject(location) ? location.approximate : undefined;
  if (!isObject(location) || (approximate != null && !isObject(approximate)))
    throw invalidOption(
      'web_search_options.user_location',
      "must be {type: 'approximate', approximate}",
    );
  for (const field of LOCATION_FIELDS) {
    const value = approximate?.[field];
    if (value != null && typeof value !== 'string')
      throw invalidOption(
        `web_search_options.user_location.approximate.${field}`,
        'must be a string',
      );
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 400 for one field of the option, in the words OpenAI uses for an invalid value. */
export function invalidOption(param: string, problem: string): GatewayError {
  return invalidParam(param, `Invalid value for '${param}': ${problem}.`, 'invalid_value');
}
