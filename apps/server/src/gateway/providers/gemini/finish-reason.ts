import { type FinishReason, GatewayError } from '../../types.ts';

/**
 * Gemini's reasons for stopping on what it was asked to write (ai.google.dev/api/generate-content
 * FinishReason): a filter, in OpenAI's words `content_filter`. LANGUAGE is an answer flagged for
 * an unsupported language; MODEL_ARMOR Vertex's prompt and answer screening.
 */
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
  'MODEL_ARMOR',
]);

/**
 * Reasons that mean the answer failed: read as `stop` they gave the caller an empty answer that
 * seemed to end normally (decision 147 left it). What each says, in Google's words.
 */
const FAILED: Record<string, string> = {
  MALFORMED_FUNCTION_CALL: 'the function call the model generated is invalid',
  UNEXPECTED_TOOL_CALL: 'the model called a tool though none was enabled in the request',
  TOO_MANY_TOOL_CALLS: 'the model called too many tools in a row',
  MALFORMED_RESPONSE: 'the answer the model generated is invalid',
  OTHER: 'Gemini gave no reason',
  IMAGE_OTHER: 'Gemini gave no reason',
  NO_IMAGE: 'the model was expected to generate an image and did not',
};

/**
 * Gemini finishReason → OpenAI finish_reason; undefined while a stream candidate is unfinished.
 * A reason that means the answer failed is thrown: a 502 naming Gemini's reason and its
 * `finishMessage` (MISSING_THOUGHT_SIGNATURE, a request Gemini cannot take, a 400), so the caller
 * reads why rather than an empty `stop` (decision 152). Unknown reasons read as `stop`, as before.
 */
export function finishFromGemini(
  reason: unknown,
  calledTools: boolean,
  finishMessage?: unknown,
): FinishReason | undefined {
  if (typeof reason !== 'string' || reason === 'FINISH_REASON_UNSPECIFIED') return undefined;
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  const detail = typeof finishMessage === 'string' && finishMessage ? finishMessage : undefined;
  if (reason === 'MISSING_THOUGHT_SIGNATURE') {
    throw new GatewayError(
      400,
      `Gemini refused the request (MISSING_THOUGHT_SIGNATURE): ${detail ?? 'a function call in the conversation lost its thought signature'}; send the assistant turns back with their extra_content as they came`,
      'invalid_request_error',
      'missing_thought_signature',
    );
  }
  const failed = FAILED[reason];
  if (failed !== undefined) {
    throw new GatewayError(
      502,
      `Gemini ended the answer with ${reason}: ${detail ?? failed}`,
      'api_error',
      reason.toLowerCase(),
    );
  }
  return calledTools ? 'tool_calls' : 'stop';
}
