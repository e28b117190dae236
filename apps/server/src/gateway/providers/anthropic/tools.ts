import type { ToolDefinition } from '../../types.ts';
import { functionOfTool } from '../shared/function-tool.ts';
import { withCacheControl } from './content-blocks.ts';

/** OpenAI function tools → Anthropic tools (`parameters` becomes `input_schema`), breakpoints kept. */
export function anthropicTools(tools: ToolDefinition[]): Record<string, unknown>[] {
  return tools.map((tool) => {
    const { name, description, parameters } = functionOfTool(tool, 'Anthropic');
    const native = {
      name,
      ...(description ? { description } : {}),
      input_schema: parameters ?? { type: 'object', properties: {} },
    };
    return withCacheControl(native, tool);
  });
}

/**
 * OpenAI `tool_choice` (+ `parallel_tool_calls`) → Anthropic `tool_choice`: auto → auto,
 * required → any, none → none, a named function → tool.
 */
export function anthropicToolChoice(
  choice: unknown,
  parallelToolCalls: unknown,
): Record<string, unknown> | undefined {
  const noParallel = parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any', ...noParallel };
  const named = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  if (typeof named === 'string') return { type: 'tool', name: named, ...noParallel };
  if (choice === 'auto' || parallelToolCalls === false) return { type: 'auto', ...noParallel };
  return undefined;
}
