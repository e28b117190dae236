import { z } from 'zod';

// What the gateway and its provider adapters read from an OpenAI chat request is checked here, so
// a wrong type is a 400 naming the field rather than a crash in a translator. Everything else
// passes through for the provider to judge. Optional fields may be null, as OpenAI allows.
const cacheControl = z.looseObject({ type: z.string() });
const extraContent = z.looseObject({
  google: z.looseObject({ thought_signature: z.string().optional() }).optional(),
});

const textPart = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControl.nullish(),
});
const imagePart = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string(), detail: z.string().optional() }),
  cache_control: cacheControl.nullish(),
});
// Other part types (input_audio, file…) are for the adapter to accept or refuse by name.
const otherPart = z.looseObject({
  type: z.string().refine((t) => t !== 'text' && t !== 'image_url'),
  cache_control: cacheControl.nullish(),
});

const toolCall = z.looseObject({
  id: z.string(),
  type: z.string(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
  cache_control: cacheControl.nullish(),
  extra_content: extraContent.nullish(),
});

const thinkingBlock = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() }),
]);

export const chatMessage = z.looseObject({
  // `function`: OpenAI's legacy tool answer (with `functions`/`function_call`), still accepted.
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z
    .union([z.string(), z.array(z.union([textPart, imagePart, otherPart])), z.null()])
    .optional(),
  name: z.string().nullish(),
  tool_calls: z.array(toolCall).nullish(),
  tool_call_id: z.string().nullish(),
  thinking_blocks: z.array(thinkingBlock).nullish(),
  extra_content: extraContent.nullish(),
  cache_control: cacheControl.nullish(),
  is_error: z.boolean().nullish(),
});

const functionTool = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().nullish(),
    parameters: z.record(z.string(), z.unknown()).nullish(),
    strict: z.boolean().nullish(),
  }),
  cache_control: cacheControl.nullish(),
});
const otherTool = z.looseObject({ type: z.string().refine((t) => t !== 'function') });

export const chatRequest = z.looseObject({
  model: z.string().min(1).max(200),
  messages: z.array(chatMessage).min(1, 'messages must contain at least one message'),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  tools: z.array(z.union([functionTool, otherTool])).nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  top_k: z.number().nullish(),
  // OpenAI's own limit. Unchecked, n: 1000000 had the mock upstream answer a million choices,
  // which held the event loop 5 s and grew the heap by 500 MB (decision 094).
  n: z.number().int().min(1).max(128).nullish(),
  max_tokens: z.number().nullish(),
  max_completion_tokens: z.number().nullish(),
  response_format: z.looseObject({ type: z.string() }).nullish(),
  thinking: z.looseObject({ type: z.string() }).nullish(),
  anthropic_beta: z.array(z.string()).nullish(),
});
