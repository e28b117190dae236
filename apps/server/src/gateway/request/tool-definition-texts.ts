import { isJsonObject } from '../../lib/json-shape.ts';
import type { ChatCompletionRequest } from '../types.ts';

/**
 * The caller's text in the tools a request offers: each definition's description and its
 * parameters' schema (descriptions, enum values, defaults and examples written into it), as one
 * JSON text per tool. The PII stage redacts it as it redacts a tool call's arguments, string by
 * string (packages/pii json-texts.ts), so the schema stays the same JSON with placeholders in it.
 * Names are left out: the model calls a tool by its name, and restore puts values back in
 * arguments, not in names (decision 148).
 *
 * Definitions are `tools[].function` (every wire format's function tools), the object named by
 * the type of any other tool OpenAI takes (`tools[].custom`), and the legacy `functions[]`.
 */
export function toolDefinitionTexts(request: ChatCompletionRequest): string[] {
  return definitions(request).map(definitionText);
}

/** The request with each definition's texts as `take(text)` gives them, in toolDefinitionTexts' order. */
export function withToolDefinitionTexts(
  request: ChatCompletionRequest,
  take: (text: string) => string,
): ChatCompletionRequest {
  const next = { ...request };
  if (Array.isArray(request.tools)) {
    next.tools = request.tools.map((tool) => {
      const found = definitionIn(tool);
      return found ? { ...tool, [found.key]: redacted(found.definition, take) } : tool;
    });
  }
  if (Array.isArray(request.functions))
    next.functions = request.functions.map((f) => (isJsonObject(f) ? redacted(f, take) : f));
  return next;
}

type Definition = Record<string, unknown>;

function definitions(request: ChatCompletionRequest): Definition[] {
  const found: Definition[] = [];
  for (const tool of Array.isArray(request.tools) ? request.tools : []) {
    const definition = definitionIn(tool)?.definition;
    if (definition) found.push(definition);
  }
  for (const f of Array.isArray(request.functions) ? request.functions : [])
    if (isJsonObject(f)) found.push(f);
  return found;
}

/** Where a tool keeps its name and description: `function`, or the key its type names. */
function definitionIn(tool: unknown): { key: string; definition: Definition } | undefined {
  if (!isJsonObject(tool) || typeof tool.type !== 'string') return undefined;
  const definition = tool[tool.type];
  return isJsonObject(definition) ? { key: tool.type, definition } : undefined;
}

function definitionText(definition: Definition): string {
  return JSON.stringify({ description: definition.description, parameters: definition.parameters });
}

function redacted(definition: Definition, take: (text: string) => string): Definition {
  const text = definitionText(definition);
  const next = take(text);
  if (next === text) return definition;
  const { description, parameters } = JSON.parse(next) as Definition;
  return {
    ...definition,
    ...(description !== undefined ? { description } : {}),
    ...(parameters !== undefined ? { parameters } : {}),
  };
}
