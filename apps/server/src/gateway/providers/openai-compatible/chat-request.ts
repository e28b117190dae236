import type { ChatCompletionRequest, UpstreamTarget } from '../../types.ts';
import { withoutExtraContent } from './extra-content.ts';
import type { OpenAiCompatibleVendor } from './vendor.ts';

/**
 * The caller's request with the provider's model name. Unknown fields pass through, except Gemini's
 * `extra_content` on messages and tool calls; streams always ask for usage when the vendor takes
 * `stream_options`, so the gateway can account every call.
 */
export function chatBody(
  req: ChatCompletionRequest,
  target: UpstreamTarget,
  vendor: OpenAiCompatibleVendor,
): Record<string, unknown> {
  const { stream_options: streamOptions, ...rest } = req;
  const body: Record<string, unknown> = {
    ...rest,
    model: target.model,
    messages: withoutExtraContent(req.messages),
  };
  if (req.stream && vendor.acceptsStreamOptions) {
    body.stream_options = { ...(streamOptions ?? {}), include_usage: true };
  }
  return vendor.adaptChatBody ? vendor.adaptChatBody(body) : body;
}
