// The Anthropic caller format in one import: request in, answer, stream and errors out, model list.
export { anthropicErrorBody } from './anthropic-error.ts';
export {
  type AnthropicModelQuery,
  toAnthropicModel,
  toAnthropicModelList,
} from './anthropic-models.ts';
export { fromAnthropicRequest } from './anthropic-request.ts';
export { type AnthropicMessageResponse, toAnthropicResponse } from './anthropic-response.ts';
export { AnthropicStreamWriter } from './anthropic-stream-writer.ts';
