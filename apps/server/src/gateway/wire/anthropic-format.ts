// The Anthropic Messages caller format in one import: request in, answer, stream and errors out.
export { anthropicErrorBody } from './anthropic-error.ts';
export { fromAnthropicRequest } from './anthropic-request.ts';
export { type AnthropicMessageResponse, toAnthropicResponse } from './anthropic-response.ts';
export { AnthropicStreamWriter } from './anthropic-stream-writer.ts';
