import type { ChatCompletionResponse, ToolCall, UpstreamTarget } from '../../types.ts';
import { usageOf } from '../shared/chunk.ts';
import { asObject } from '../shared/http-spec.ts';
import { finishFromStopReason } from './finish-reason.ts';
import { anthropicPromptTokens } from './usage.ts';

/** An Anthropic Message → OpenAI answer: text blocks joined, tool_use blocks as tool_calls. */
export function fromAnthropicMessage(
  body: unknown,
  target: UpstreamTarget,
  requestId: string,
): ChatCompletionResponse {
  const message = asObject(body, 'Anthropic');
  const blocks = Array.isArray(message.content)
    ? (message.content as Record<string, unknown>[])
    : [];
  let text = '';
  const toolCalls: ToolCall[] = [];
  for (const block of blocks) {
    if (block.type === 'text' && typeof block.text === 'string') text += block.text;
    if (block.type === 'tool_use') {
      toolCalls.push({
        id: String(block.id),
        type: 'function',
        function: { name: String(block.name), arguments: JSON.stringify(block.input ?? {}) },
      });
    }
  }
  const usage = (message.usage ?? {}) as Record<string, unknown>;
  const output = typeof usage.output_tokens === 'number' ? usage.output_tokens : 0;
  return {
    id: requestId,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof message.model === 'string' ? message.model : target.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || (toolCalls.length ? null : ''),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishFromStopReason(message.stop_reason),
      },
    ],
    usage: usageOf(anthropicPromptTokens(usage) ?? 0, output),
  };
}
