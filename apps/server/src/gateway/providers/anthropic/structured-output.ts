import type { ChatCompletionRequest } from '../../types.ts';
import { claudeVersion } from './claude-version.ts';

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

/** The beta Anthropic asks for beside a document from its Files API (`source: {type: 'file'}`). */
export const FILES_API_BETA = 'files-api-2025-04-14';

/**
 * The `anthropic-beta` features to send: the caller's, structured outputs when used, and the
 * Files API when a document names a file by id (decision 143).
 */
export function betasFor(
  betas: string[] | undefined,
  body: Record<string, unknown>,
): string[] | undefined {
  const needed = [
    ...(body.output_format ? [STRUCTURED_OUTPUTS_BETA] : []),
    ...(namesFile(body) ? [FILES_API_BETA] : []),
  ].filter((beta) => !betas?.includes(beta));
  return needed.length ? [...(betas ?? []), ...needed] : betas;
}

/** Whether a message block is a document from the Files API. */
function namesFile(body: Record<string, unknown>): boolean {
  const messages = body.messages as Array<{ content?: unknown }> | undefined;
  return (messages ?? []).some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some(
        (b: { type?: unknown; source?: { type?: unknown } }) =>
          b?.type === 'document' && b.source?.type === 'file',
      ),
  );
}

/** Anthropic's structured outputs came with Opus 4.1 and Sonnet 4.5; every later model has them. */
function hasStructuredOutputs(model: string): boolean {
  const claude = claudeVersion(model);
  if (!claude) return false;
  return claude.version >= 4.5 || (claude.family === 'opus' && claude.version >= 4.1);
}

/**
 * What a JSON answer asks of Claude when no `output_format` carries it: `json_object` (Anthropic's
 * structured outputs need a schema) or a `json_schema` for a model without them. An instruction
 * at the end of the system prompt, as LiteLLM writes one for models without a JSON mode: Claude
 * follows it, where a forced tool standing for the answer (LiteLLM's other way) would rewrite the
 * caller's tools and answer, and cannot go with extended thinking (decision 141).
 */
export function jsonInstruction(
  req: ChatCompletionRequest,
  body: Record<string, unknown>,
): string | undefined {
  if (body.output_format) return undefined;
  const format = req.response_format;
  if (format?.type === 'json_object') return JSON_ONLY;
  if (format?.type !== 'json_schema') return undefined;
  const schema = (format.json_schema as { schema?: unknown } | undefined)?.schema;
  if (!schema || typeof schema !== 'object') return JSON_ONLY;
  return `${JSON_ONLY} It must match this JSON schema: ${JSON.stringify(schema)}`;
}

const JSON_ONLY =
  'Answer with one JSON object and nothing else: no prose before or after it, no Markdown code fence.';
