import { z } from 'zod';

// What the gateway reads from an OpenAI Responses API request (`client.responses.create`). Items
// and parts the gateway cannot turn into a chat turn are refused by name in responses-request.ts,
// so the schema only checks the shapes it translates. Optional fields may be null, as OpenAI allows.

const inputText = z.looseObject({ type: z.literal('input_text'), text: z.string() });
const outputText = z.looseObject({ type: z.literal('output_text'), text: z.string() });
const inputImage = z.looseObject({
  type: z.literal('input_image'),
  image_url: z.string().nullish(),
  file_id: z.string().nullish(),
  detail: z.string().nullish(),
});
const inputFile = z.looseObject({
  type: z.literal('input_file'),
  file_data: z.string().nullish(),
  file_id: z.string().nullish(),
  file_url: z.string().nullish(),
  filename: z.string().nullish(),
});
const refusal = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });
export const responsesContentPart = z.union([
  inputText,
  outputText,
  inputImage,
  inputFile,
  refusal,
]);

const message = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(responsesContentPart)]),
});
const functionCall = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
});
const functionCallOutput = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  output: z.union([z.string(), z.array(responsesContentPart)]),
});
// Reasoning items carry encrypted state only OpenAI reads back; other items are refused by type.
const otherItem = z.looseObject({
  type: z.string().refine((t) => !['message', 'function_call', 'function_call_output'].includes(t)),
});
export const responsesInputItem = z.union([message, functionCall, functionCallOutput, otherItem]);

const functionTool = z.looseObject({
  type: z.literal('function'),
  name: z.string().min(1),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
});
const otherTool = z.looseObject({ type: z.string().refine((t) => t !== 'function') });

const textFormat = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    name: z.string().min(1),
    schema: z.record(z.string(), z.unknown()),
    description: z.string().nullish(),
    strict: z.boolean().nullish(),
  }),
]);

export const responsesRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  input: z.union([
    z.string(),
    z.array(responsesInputItem).min(1, 'input must contain at least one item'),
  ]),
  instructions: z.string().nullish(),
  stream: z.boolean().nullish(),
  max_output_tokens: z.number().int().positive().nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  tools: z.array(z.union([functionTool, otherTool])).nullish(),
  tool_choice: z
    .union([
      z.enum(['none', 'auto', 'required']),
      z.looseObject({ type: z.literal('function'), name: z.string().min(1) }),
      z.looseObject({ type: z.string() }),
    ])
    .nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  text: z.looseObject({ format: textFormat.nullish(), verbosity: z.string().nullish() }).nullish(),
  reasoning: z.looseObject({ effort: z.string().nullish() }).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  user: z.string().nullish(),
  safety_identifier: z.string().nullish(),
  previous_response_id: z.string().nullish(),
  conversation: z.unknown().optional(),
  background: z.boolean().nullish(),
  store: z.boolean().nullish(),
  prompt_cache_key: z.string().nullish(),
  service_tier: z.string().nullish(),
  include: z.array(z.string()).nullish(),
  top_logprobs: z.number().int().min(0).max(20).nullish(),
  // Read only to be let through: the gateway sends input whole (decision 230).
  truncation: z.string().nullish(),
});

export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;
export type ResponsesContentPart = z.infer<typeof responsesContentPart>;
