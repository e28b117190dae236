import { GatewayError, type ToolDefinition } from '../../types.ts';

/** A tool's function, for providers that only take function tools; any other type is a 400. */
export function functionOfTool(tool: ToolDefinition, provider: string): ToolDefinition['function'] {
  if (tool.type !== 'function') {
    throw new GatewayError(
      400,
      `${provider} does not accept "${String(tool.type)}" tools`,
      'invalid_request_error',
    );
  }
  return tool.function;
}
