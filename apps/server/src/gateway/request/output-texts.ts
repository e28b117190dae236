import { isJsonObject } from '../../lib/json-shape.ts';
import type { ChatCompletionRequest } from '../types.ts';

/**
 * The caller's text in what a request asks the answer to be: the structured-output schema
 * (`response_format.json_schema`'s description and schema, which the Responses API's
 * `text.format` becomes, and an Anthropic caller's `output_format`), each one JSON text redacted
 * string by string like a tool's definition; and OpenAI's predicted output (`prediction.content`,
 * most often the file being edited), plain text. Decision 148.
 */
export function schemaTexts(request: ChatCompletionRequest): string[] {
  return schemas(request).map(({ text }) => text);
}

/** The request with each schema as `take(text)` gives it, in schemaTexts' order. */
export function withSchemaTexts(
  request: ChatCompletionRequest,
  take: (text: string) => string,
): ChatCompletionRequest {
  const next = { ...request };
  for (const { text, apply } of schemas(request)) {
    const redacted = take(text);
    if (redacted !== text) apply(next, JSON.parse(redacted) as Record<string, unknown>);
  }
  return next;
}

/** The texts of the predicted output, in order. */
export function predictionTexts(request: ChatCompletionRequest): string[] {
  const content = predictionContent(request);
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((p) => (isTextPart(p) ? [p.text] : []));
}

/** The request with each predicted text as `take(text)` gives it, in predictionTexts' order. */
export function withPredictionTexts(
  request: ChatCompletionRequest,
  take: (text: string) => string,
): ChatCompletionRequest {
  const content = predictionContent(request);
  if (content === undefined) return request;
  const next =
    typeof content === 'string'
      ? take(content)
      : content.map((p) => (isTextPart(p) ? { ...p, text: take(p.text) } : p));
  return { ...request, prediction: { ...(request.prediction as object), content: next } };
}

/**
 * The text a legacy text completion is written before (`suffix`, sent as it came to OpenAI's text
 * completion models): caller text like the prompt (decision 152).
 */
export function suffixTexts(request: ChatCompletionRequest): string[] {
  return typeof request.suffix === 'string' && request.suffix ? [request.suffix] : [];
}

/** The request with its suffix as `take(suffix)` gives it, in suffixTexts' order. */
export function withSuffixText(
  request: ChatCompletionRequest,
  take: (text: string) => string,
): ChatCompletionRequest {
  const [suffix] = suffixTexts(request);
  return suffix === undefined ? request : { ...request, suffix: take(suffix) };
}

interface Schema {
  text: string;
  apply(request: ChatCompletionRequest, redacted: Record<string, unknown>): void;
}

function schemas(request: ChatCompletionRequest): Schema[] {
  const found: Schema[] = [];
  const format = request.response_format;
  const jsonSchema = format?.json_schema;
  if (format && isJsonObject(jsonSchema)) {
    const { description, schema } = jsonSchema;
    found.push({
      text: JSON.stringify({ description, schema }),
      apply: (next, redacted) => {
        next.response_format = { ...format, json_schema: { ...jsonSchema, ...redacted } };
      },
    });
  }
  const output = request.output_format;
  if (isJsonObject(output)) {
    found.push({
      text: JSON.stringify({ schema: output.schema }),
      apply: (next, redacted) => {
        next.output_format = { ...output, ...redacted } as typeof output;
      },
    });
  }
  return found;
}

function predictionContent(request: ChatCompletionRequest): string | unknown[] | undefined {
  const prediction = request.prediction;
  if (!isJsonObject(prediction)) return undefined;
  const content = prediction.content;
  return typeof content === 'string' || Array.isArray(content) ? content : undefined;
}

function isTextPart(part: unknown): part is { type: 'text'; text: string } {
  return isJsonObject(part) && part.type === 'text' && typeof part.text === 'string';
}

/**
 * The caller's stop sequences. They are redacted with the prompt, in its session: where the
 * prompt's address became `[EMAIL_REDACTED_1]` the model writes that, so a stop sequence on the
 * address must be the placeholder to still stop it (decision 155).
 */
export function stopTexts(request: ChatCompletionRequest): string[] {
  const stop = request.stop;
  if (typeof stop === 'string') return stop ? [stop] : [];
  return Array.isArray(stop) ? stop.filter((s): s is string => typeof s === 'string') : [];
}

/** The request with each stop sequence as `take(stop)` gives it, in stopTexts' order. */
export function withStopTexts(
  request: ChatCompletionRequest,
  take: (text: string) => string,
): ChatCompletionRequest {
  const stop = request.stop;
  if (typeof stop === 'string') return stop ? { ...request, stop: take(stop) } : request;
  if (!Array.isArray(stop)) return request;
  return { ...request, stop: stop.map((s) => (typeof s === 'string' ? take(s) : s)) };
}
