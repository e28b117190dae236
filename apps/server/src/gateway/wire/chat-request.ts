import type { z } from 'zod';
import type { ChatCompletionRequest } from '../types.ts';
import { type chatMessage, chatRequest } from './chat-request-schema.ts';
import { parseRequest } from './parse-request.ts';

export function parseChatRequest(body: unknown): ChatCompletionRequest {
  const request = parseRequest(chatRequest, body);
  withoutNulls(request);
  for (const m of request.messages) {
    withoutNulls(m);
    m.content ??= null;
  }
  return request as ChatCompletionRequest;
}

/**
 * OpenAI reads a null optional field as absent; so does the gateway from here on, so no stage
 * needs to tell `null` from `undefined`. Content stays: null content is a real value.
 */
function withoutNulls(value: z.infer<typeof chatRequest> | z.infer<typeof chatMessage>): void {
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (record[key] === null && key !== 'content') delete record[key];
  }
}
