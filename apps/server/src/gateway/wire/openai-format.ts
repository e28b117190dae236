import type { GatewayError } from '../types.ts';

/** The error body OpenAI's API and SDKs use. */
export function openAiErrorBody(err: GatewayError): {
  error: { message: string; type: string; param: null; code: string | null };
} {
  return { error: { message: err.message, type: err.type, param: null, code: err.code } };
}

/** The line that ends every OpenAI chat stream. */
export const openAiStreamTrailer = 'data: [DONE]\n\n';
