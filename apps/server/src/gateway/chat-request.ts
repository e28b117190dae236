import { z } from 'zod';
import type { ChatCompletionRequest } from './types.ts';
import { parseRequest } from './wire/parse-request.ts';

// Only what the gateway itself relies on is checked; everything else passes through to the provider.
const Message = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() })), z.null()]).optional(),
});
const ChatRequest = z.looseObject({
  model: z.string().min(1).max(200),
  messages: z.array(Message).min(1, 'messages must contain at least one message'),
  stream: z.boolean().optional(),
  tools: z.array(z.looseObject({ type: z.string() })).optional(),
});

export function parseChatRequest(body: unknown): ChatCompletionRequest {
  const request = parseRequest(ChatRequest, body) as ChatCompletionRequest;
  for (const m of request.messages) m.content ??= null;
  return request;
}
