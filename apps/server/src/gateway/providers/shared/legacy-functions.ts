import { type ChatMessage, GatewayError, type ToolCall, type ToolDefinition } from '../../types.ts';

/**
 * OpenAI's legacy function calling (an assistant's `function_call`, answered by a `role:
 * "function"` message with its `name`) as the tool form Anthropic and Gemini pair: the call a tool
 * call with an id, the answer a tool message for that id (decision 101). LiteLLM converts both too
 * but gives each side its own random id, so Claude refuses the pair; here the answer takes the id
 * of the nearest earlier unanswered call of its name. An answer to no call is a 400 naming it:
 * sent as a tool result it would be refused, sent as text it would be read as the user's words.
 */
export function legacyFunctionsAsTools(messages: ChatMessage[]): ChatMessage[] {
  if (!messages.some((m) => m.role === 'function' || m.function_call)) return messages;
  const unanswered: ToolCall[] = [];
  return messages.map((message, index) => {
    const legacyCall = message.role === 'assistant' ? functionCallOf(message) : undefined;
    if (legacyCall && !message.tool_calls?.length) {
      const { function_call: _, ...rest } = message;
      const call: ToolCall = { id: `call_legacy_${index}`, type: 'function', function: legacyCall };
      unanswered.push(call);
      return { ...rest, tool_calls: [call] };
    }
    if (message.role !== 'function') return message;
    const name = typeof message.name === 'string' ? message.name : undefined;
    const at = unanswered.findLastIndex((c) => name === undefined || c.function.name === name);
    const id = message.tool_call_id ?? unanswered[at]?.id;
    if (id === undefined) throw unpaired(index, name);
    if (at !== -1) unanswered.splice(at, 1);
    return { ...message, role: 'tool', tool_call_id: id };
  });
}

function functionCallOf(message: ChatMessage): ToolCall['function'] | undefined {
  const call = message.function_call as { name?: unknown; arguments?: unknown } | undefined;
  if (!call || typeof call.name !== 'string') return undefined;
  return {
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : '{}',
  };
}

function unpaired(index: number, name: string | undefined): GatewayError {
  const which = name === undefined ? 'any function' : `"${name}"`;
  return new GatewayError(
    400,
    `messages[${index}]: a "function" message answers an assistant's function_call, and no earlier assistant message calls ${which}. Send the assistant's function_call before its answer, or use tool_calls and "tool" messages.`,
    'invalid_request_error',
  );
}

/**
 * OpenAI's legacy top-level `functions` / `function_call` as `tools` / `tool_choice`, for the
 * providers that take only the tool form (Gemini, Mistral, Claude): dropped, the model was asked
 * nothing about functions and answered in text (decision 152). `function_call: {name}` forces that
 * function, `"auto"` and `"none"` keep their meaning. `tools` win when a caller sent both. The
 * caller gets the call back as a `function_call` (wire/legacy-function-answer.ts).
 */
export function legacyFunctionParams<R extends Record<string, unknown>>(req: R): R {
  if (req.functions === undefined && req.function_call === undefined) return req;
  const { functions, function_call: functionCall, ...rest } = req;
  const params = rest as Record<string, unknown>;
  const tools = rest.tools as ToolDefinition[] | undefined;
  if (!tools?.length && Array.isArray(functions) && functions.length) {
    params.tools = functions.map((fn) => ({ type: 'function', function: fn }));
    if (params.tool_choice === undefined && functionCall !== undefined) {
      const name = (functionCall as { name?: unknown } | null)?.name;
      params.tool_choice =
        typeof name === 'string' ? { type: 'function', function: { name } } : functionCall;
    }
  }
  return params as R;
}
