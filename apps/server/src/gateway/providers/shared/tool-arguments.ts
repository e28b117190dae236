import { GatewayError } from '../../types.ts';

/**
 * OpenAI carries tool arguments as a JSON string; Anthropic and Gemini want an object. A malformed
 * string is a caller error worth naming rather than silently sending `{}` to the model.
 */
export function parseToolArguments(name: string, text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Falls through to the error below.
  }
  throw new GatewayError(
    400,
    `Arguments of tool call "${name}" must be a JSON object`,
    'invalid_request_error',
  );
}
