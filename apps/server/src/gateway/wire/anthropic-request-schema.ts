import { z } from 'zod';

// Blocks and fields Anthropic callers may send; unknown fields (citations…) are allowed and
// ignored, unknown block types are refused by name. Thinking blocks are kept loose: they are
// carried verbatim, and Anthropic is the one to judge them.
const cacheControl = z.looseObject({ type: z.string() });

const textBlock = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControl.nullish(),
});

const imageBlock = z.looseObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
    z.looseObject({ type: z.literal('url'), url: z.string() }),
  ]),
  cache_control: cacheControl.nullish(),
});

// Discriminated by type, so a bad block's error names its field, not the whole list.
const textOrImageBlocks = z.array(z.discriminatedUnion('type', [textBlock, imageBlock]));

// A PDF by URL or by Files API id holds no text the gateway could read: only Claude takes it. A
// `content` source is the document's own text (and image) blocks, which Claude cites block by block.
const documentBlock = z.looseObject({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
    z.looseObject({ type: z.literal('text'), data: z.string() }),
    z.looseObject({
      type: z.literal('content'),
      content: z.union([z.string(), textOrImageBlocks]),
    }),
    z.looseObject({ type: z.literal('url'), url: z.string() }),
    z.looseObject({ type: z.literal('file'), file_id: z.string() }),
  ]),
  title: z.string().nullish(),
  context: z.string().nullish(),
  cache_control: cacheControl.nullish(),
});

// A retrieved passage (a RAG tool's answer, or the caller's own): Claude cites it block by block,
// naming its source and title (decision 162).
const searchResultBlock = z.looseObject({
  type: z.literal('search_result'),
  source: z.string(),
  title: z.string(),
  content: z.array(textBlock),
  citations: z.looseObject({ enabled: z.boolean().optional() }).nullish(),
  cache_control: cacheControl.nullish(),
});

const toolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  cache_control: cacheControl.nullish(),
});

const toolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z
    .union([
      z.string(),
      z.array(
        z.discriminatedUnion('type', [textBlock, imageBlock, documentBlock, searchResultBlock]),
      ),
    ])
    .optional(),
  is_error: z.boolean().optional(),
  cache_control: cacheControl.nullish(),
});

const thinkingBlock = z.looseObject({ type: z.enum(['thinking', 'redacted_thinking']) });

const contentBlock = z.discriminatedUnion('type', [
  textBlock,
  imageBlock,
  documentBlock,
  searchResultBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
]);

const message = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(contentBlock)]),
});

const tool = z.looseObject({
  // Anthropic's server tools (web search, code execution, bash…) run inside Anthropic and carry a
  // dated type instead of an input_schema; the gateway translates client tools only, so it says so
  // rather than asking for a schema the caller was right not to send.
  type: z
    .string()
    .optional()
    .refine((type) => type === undefined || type === 'custom', {
      error: (issue) =>
        `Anthropic's server tools (type '${String(issue.input)}') are not supported through the gateway; send tools the client runs, with an input_schema`,
    }),
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()),
  cache_control: cacheControl.nullish(),
});

const toolChoice = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('auto'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('any'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({
    type: z.literal('tool'),
    name: z.string(),
    disable_parallel_tool_use: z.boolean().optional(),
  }),
  z.looseObject({ type: z.literal('none') }),
]);

const outputFormat = z.looseObject({
  type: z.literal('json_schema'),
  schema: z.record(z.string(), z.unknown()),
});

export const anthropicRequestSchema = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  messages: z.array(message).min(1),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  tools: z.array(tool).optional(),
  tool_choice: toolChoice.optional(),
  stop_sequences: z.array(z.string()).optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stream: z.boolean().optional(),
  metadata: z.unknown().optional(),
  thinking: z.looseObject({ type: z.string() }).optional(),
  service_tier: z.string().optional(),
  // Claude's `effort` (4.6 and later), sent as given; `format` is read as `output_format`.
  output_config: z.looseObject({ format: outputFormat.nullish() }).optional(),
  // Context editing (beta): sent to Claude as given, its answer's `applied_edits` carried back.
  context_management: z.record(z.string(), z.unknown()).nullish(),
  // Structured outputs (the SDK's `beta.messages.parse`): the answer is JSON in this schema.
  output_format: outputFormat.nullish(),
  // A code-execution container to reuse (its id, or `{id, skills}`), and where Claude runs the
  // request: sent to Claude as given (decision 242).
  container: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  inference_geo: z.string().nullish(),
});

export type AnthropicRequest = z.infer<typeof anthropicRequestSchema>;
export type AnthropicMessage = z.infer<typeof message>;
export type AnthropicContentBlock = z.infer<typeof contentBlock>;
export type AnthropicTextBlock = z.infer<typeof textBlock>;
export type AnthropicImageBlock = z.infer<typeof imageBlock>;
export type AnthropicDocumentBlock = z.infer<typeof documentBlock>;
export type AnthropicSearchResultBlock = z.infer<typeof searchResultBlock>;
export type AnthropicToolResultBlock = z.infer<typeof toolResultBlock>;
