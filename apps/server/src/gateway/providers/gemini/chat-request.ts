import type { ChatCompletionRequest, ToolDefinition } from '../../types.ts';
import { functionOfTool } from '../shared/function-tool.ts';
import { legacyFunctionParams } from '../shared/legacy-functions.ts';
import { toGeminiContents } from './contents.ts';
import { googleSearchTool } from './google-search.ts';
import { geminiSchema } from './schema.ts';
import { geminiThinkingConfig } from './thinking-config.ts';

/** Gemini's path segment for a model, accepting names given as `models/…`. */
export function geminiModelPath(model: string): string {
  return `/v1beta/models/${encodeURIComponent(model.replace(/^models\//, ''))}`;
}

/**
 * The generateContent body; `reasoning_effort` becomes `thinkingConfig` for the model named, and
 * `web_search_options` the Google Search tool, beside the caller's functions (decision 184).
 * Dropped: logprobs, logit_bias, user, parallel_tool_calls and other OpenAI-only fields Gemini has
 * no place for.
 */
export function geminiBody(asked: ChatCompletionRequest, model = ''): Record<string, unknown> {
  const req = legacyFunctionParams(asked);
  const search = googleSearchTool(req.web_search_options, model || String(req.model ?? ''));
  const { systemInstruction, contents } = toGeminiContents(req.messages);
  const body: Record<string, unknown> = { contents };
  if (systemInstruction) body.systemInstruction = systemInstruction;
  const tools: Record<string, unknown>[] = [];
  if (req.tools?.length) {
    tools.push({ functionDeclarations: req.tools.map(functionDeclaration) });
    const toolConfig = functionCallingConfig(req.tool_choice);
    if (toolConfig) body.toolConfig = { functionCallingConfig: toolConfig };
  }
  if (search) tools.push(search);
  if (tools.length) body.tools = tools;
  const generationConfig = generationConfigOf(req);
  const thinkingConfig = geminiThinkingConfig(req, model);
  if (thinkingConfig) generationConfig.thinkingConfig = thinkingConfig;
  if (Object.keys(generationConfig).length) body.generationConfig = generationConfig;
  return body;
}

function functionDeclaration(tool: ToolDefinition): Record<string, unknown> {
  const { name, description, parameters } = functionOfTool(tool, 'Gemini');
  return {
    name,
    ...(description ? { description } : {}),
    ...(parameters ? { parameters: geminiSchema(parameters) } : {}),
  };
}

/** auto → AUTO, none → NONE, required → ANY, a named function → ANY limited to that name. */
function functionCallingConfig(choice: unknown): Record<string, unknown> | undefined {
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'required') return { mode: 'ANY' };
  const name = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  return typeof name === 'string' ? { mode: 'ANY', allowedFunctionNames: [name] } : undefined;
}

function generationConfigOf(req: ChatCompletionRequest): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value != null) config[key] = value;
  };
  set('temperature', req.temperature);
  set('topP', req.top_p);
  set('maxOutputTokens', req.max_completion_tokens ?? req.max_tokens);
  set('stopSequences', req.stop == null ? undefined : [req.stop].flat());
  set('candidateCount', req.n);
  set('seed', req.seed);
  set('presencePenalty', req.presence_penalty);
  set('frequencyPenalty', req.frequency_penalty);
  const format = req.response_format;
  if (format?.type === 'json_object' || format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    const schema = (format.json_schema as { schema?: unknown } | undefined)?.schema;
    if (schema) config.responseSchema = geminiSchema(schema);
  }
  return config;
}
