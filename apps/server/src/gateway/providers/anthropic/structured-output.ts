import type { ChatCompletionRequest } from '../../types.ts';

/** The beta Anthropic asks for beside `output_format` (the Anthropic SDK's `beta.messages.parse`). */
export const STRUCTURED_OUTPUTS_BETA = 'structured-outputs-2025-11-13';

type OutputFormat = { type: 'json_schema'; schema: Record<string, unknown> };

/**
 * The `output_format` Claude answers in: an Anthropic caller's own, sent as it came, or an OpenAI
 * caller's `json_schema` response_format for a model that has structured outputs. Older models
 * (Claude 3, Sonnet and Opus 4.0) refuse the field, so there the schema stays unsent, as before.
 */
export function anthropicOutputFormat(
  req: ChatCompletionRequest,
  model: string,
): OutputFormat | undefined {
  const own = req.output_format as OutputFormat | undefined;
  if (own) return own;
  if (req.response_format?.type !== 'json_schema' || !hasStructuredOutputs(model)) return undefined;
  const schema = (req.response_format.json_schema as { schema?: unknown } | undefined)?.schema;
  if (!schema || typeof schema !== 'object') return undefined;
  return { type: 'json_schema', schema: schema as Record<string, unknown> };
}

/** The `anthropic-beta` features to send: the caller's, and structured outputs when used. */
export function betasFor(
  betas: string[] | undefined,
  body: Record<string, unknown>,
): string[] | undefined {
  if (!body.output_format || betas?.includes(STRUCTURED_OUTPUTS_BETA)) return betas;
  return [...(betas ?? []), STRUCTURED_OUTPUTS_BETA];
}

// Anthropic's structured outputs came with Opus 4.1 and Sonnet 4.5; Haiku 4.5 and every later
// model has them. Names: claude-<family>-<major>[-<minor>][-<date>|-latest].
const NAMED = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d))?(?:-\d{8}|-latest)?$/;

function hasStructuredOutputs(model: string): boolean {
  const match = NAMED.exec(model);
  if (!match) return false;
  const version = Number(match[2]) + Number(match[3] ?? 0) / 10;
  return version >= 4.5 || (match[1] === 'opus' && version >= 4.1);
}
