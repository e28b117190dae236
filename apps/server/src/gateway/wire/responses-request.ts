import { parseModelName } from '@tokenwise/pricing';
import type { ChatCompletionRequest, ChatMessage, ContentPart, ToolCall } from '../types.ts';
import { GatewayError } from '../types.ts';
import { parseRequest } from './parse-request.ts';
import {
  type ResponsesContentPart,
  type ResponsesRequest,
  responsesRequestSchema,
} from './responses-request-schema.ts';
import {
  isWebSearchTool,
  refuseForcedWebSearch,
  refuseOpenAiWebSearch,
  webSearchOptionsOf,
} from './responses-web-search.ts';

/** What the answer repeats of the request, as OpenAI's Response object does. */
export interface ResponsesEcho {
  model: string;
  instructions: string | null;
  max_output_tokens: number | null;
  metadata: Record<string, string>;
  parallel_tool_calls: boolean;
  temperature: number | null;
  top_p: number | null;
  tool_choice: unknown;
  tools: unknown[];
  text: { format: Record<string, unknown>; verbosity?: string };
  reasoning: Record<string, unknown> | null;
  user?: string;
}

const refuse = (message: string) => new GatewayError(400, message, 'invalid_request_error');

/**
 * An OpenAI Responses API request → the canonical (chat) request, for the same pipeline every
 * other format runs through (decision 079). The gateway keeps no state between calls: a request
 * that points at a stored response or conversation is refused, saying to send the turns in
 * `input`. The web search tool is the chat request's `web_search_options` (decision 185); other
 * built-in tools (file search, code interpreter…) run inside OpenAI and are refused, as are
 * input items other than messages, function calls and their outputs; reasoning items (OpenAI's
 * encrypted state from an earlier turn) and web_search_call items (its searches) are left out.
 */
export function fromResponsesRequest(body: unknown): {
  request: ChatCompletionRequest;
  echo: ResponsesEcho;
} {
  const req = parseRequest(responsesRequestSchema, body);
  if (req.previous_response_id)
    throw refuse(
      'previous_response_id is not supported: the gateway does not store responses; send the earlier turns in input',
    );
  if (req.conversation != null)
    throw refuse(
      'conversation is not supported: the gateway does not store conversations; send the earlier turns in input',
    );
  if (req.background) throw refuse('background responses are not supported by the gateway');

  const messages: ChatMessage[] = [];
  if (req.instructions) messages.push({ role: 'system', content: req.instructions });
  if (typeof req.input === 'string') messages.push({ role: 'user', content: req.input });
  else
    for (const [i, item] of req.input.entries()) addItem(messages, item, `input.${i}`, req.model);
  if (!messages.some((m) => m.role !== 'system' && m.role !== 'developer'))
    throw refuse('input must contain at least one message');

  const request: ChatCompletionRequest = { model: req.model, messages };
  if (req.stream) {
    request.stream = true;
    // The answer's usage closes a Responses stream (response.completed), cached replays included.
    request.stream_options = { include_usage: true };
  }
  if (req.max_output_tokens != null) request.max_completion_tokens = req.max_output_tokens;
  if (req.temperature != null) request.temperature = req.temperature;
  if (req.top_p != null) request.top_p = req.top_p;
  const user = req.safety_identifier ?? req.user;
  if (user) request.user = user;
  if (req.parallel_tool_calls === false) request.parallel_tool_calls = false;
  if (req.reasoning?.effort) request.reasoning_effort = req.reasoning.effort;
  addLogprobs(request, req);
  if (parseModelName(req.model)?.provider === 'openai') Object.assign(request, openAiOnly(req));
  addTools(request, req);
  if (req.tool_choice != null) request.tool_choice = toChatToolChoice(req.tool_choice);
  // With the search as the only tool, "required" forces it, as naming it would (decision 185).
  if (req.tool_choice === 'required' && request.web_search_options && !request.tools?.length)
    refuseForcedWebSearch('web_search');
  const format = req.text?.format;
  if (format?.type === 'json_object') request.response_format = { type: 'json_object' };
  if (format?.type === 'json_schema') {
    const { type: _type, ...jsonSchema } = format;
    request.response_format = { type: 'json_schema', json_schema: jsonSchema };
  }

  return { request, echo: echoOf(req) };
}

/**
 * What Chat Completions takes from OpenAI only: answer length on GPT-5 (`text.verbosity`), the
 * prompt-cache routing key and the service tier. Other providers would refuse them or read them
 * otherwise (Anthropic's service tiers have other names), so they go to OpenAI's models alone.
 */
function openAiOnly(req: ResponsesRequest): Partial<ChatCompletionRequest> {
  const params: Partial<ChatCompletionRequest> = {};
  if (req.text?.verbosity) params.verbosity = req.text.verbosity;
  if (req.prompt_cache_key) params.prompt_cache_key = req.prompt_cache_key;
  if (req.service_tier) params.service_tier = req.service_tier;
  return params;
}

/**
 * `include: ['message.output_text.logprobs']` is Chat Completions' `logprobs` (and the request's
 * `top_logprobs` its own), read back onto output_text parts; providers without them drop both, as
 * for a chat caller. Other `include` values name what Chat Completions never returns (reasoning
 * items' encrypted state, search sources, built-in tools' outputs) and are ignored (decision 230).
 */
function addLogprobs(request: ChatCompletionRequest, req: ResponsesRequest): void {
  if (!req.include?.includes('message.output_text.logprobs')) return;
  request.logprobs = true;
  if (req.top_logprobs != null) request.top_logprobs = req.top_logprobs;
}

function echoOf(req: ResponsesRequest): ResponsesEcho {
  return {
    model: req.model,
    instructions: req.instructions ?? null,
    max_output_tokens: req.max_output_tokens ?? null,
    metadata: req.metadata ?? {},
    parallel_tool_calls: req.parallel_tool_calls ?? true,
    temperature: req.temperature ?? null,
    top_p: req.top_p ?? null,
    tool_choice: req.tool_choice ?? 'auto',
    tools: req.tools ?? [],
    text: {
      format: req.text?.format ?? { type: 'text' },
      ...(req.text?.verbosity ? { verbosity: req.text.verbosity } : {}),
    },
    reasoning: req.reasoning ?? null,
    ...((req.safety_identifier ?? req.user)
      ? { user: req.safety_identifier ?? req.user ?? '' }
      : {}),
  };
}

type InputItem = Exclude<ResponsesRequest['input'], string>[number];

function addItem(messages: ChatMessage[], item: InputItem, where: string, model: string): void {
  if ('role' in item && (item.type === undefined || item.type === 'message')) {
    const { role, content } = item as { role: ChatMessage['role']; content: unknown };
    if (role === 'assistant') {
      messages.push({ role, content: assistantText(content as string | ResponsesContentPart[]) });
      return;
    }
    messages.push({
      role,
      content: userContent(content as string | ResponsesContentPart[], where, model),
    });
    return;
  }
  switch (item.type) {
    case 'function_call': {
      const call = item as { call_id: string; name: string; arguments: string };
      const toolCall: ToolCall = {
        id: call.call_id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      };
      // Calls made in one turn follow their assistant message (or each other) as separate items;
      // chat carries them on one assistant message.
      const last = messages.at(-1);
      if (last?.role === 'assistant') last.tool_calls = [...(last.tool_calls ?? []), toolCall];
      else messages.push({ role: 'assistant', content: null, tool_calls: [toolCall] });
      return;
    }
    case 'function_call_output': {
      const out = item as { call_id: string; output: string | ResponsesContentPart[] };
      const content =
        typeof out.output === 'string' ? out.output : textOf(out.output, `${where}.output`);
      messages.push({ role: 'tool', tool_call_id: out.call_id, content });
      return;
    }
    // OpenAI's encrypted state, and the searches an earlier answer ran (decision 185): the
    // provider needs neither to go on, and a search's query is the restored text, never sent.
    case 'reasoning':
    case 'web_search_call':
      return;
    default:
      throw refuse(
        `${where}: input items of type '${item.type}' are not supported by the gateway: it translates messages, function calls and function call outputs`,
      );
  }
}

function assistantText(content: string | ResponsesContentPart[]): string {
  if (typeof content === 'string') return content;
  return content
    .map((p) => (p.type === 'output_text' || p.type === 'input_text' ? p.text : ''))
    .join('');
}

function textOf(parts: ResponsesContentPart[], where: string): string {
  return parts
    .map((p, i) => {
      if (p.type === 'input_text' || p.type === 'output_text') return p.text;
      throw refuse(`${where}.${i}: only text can be returned as a function call output`);
    })
    .join('');
}

function userContent(
  content: string | ResponsesContentPart[],
  where: string,
  model: string,
): string | ContentPart[] {
  if (typeof content === 'string') return content;
  if (content.every((p) => p.type === 'input_text'))
    return content.map((p) => (p.type === 'input_text' ? p.text : '')).join('');
  return content.map((p, i): ContentPart => {
    const at = `${where}.content.${i}`;
    switch (p.type) {
      case 'input_text':
      case 'output_text':
        return { type: 'text', text: p.text };
      case 'input_image':
        if (!p.image_url)
          throw refuse(
            `${at}: images by file_id are not supported: send image_url (a URL or data URL)`,
          );
        return {
          type: 'image_url',
          image_url: { url: p.image_url, ...(p.detail ? { detail: p.detail } : {}) },
        };
      case 'input_file':
        return filePart(p, at, model);
      case 'refusal':
        throw refuse(`${at}: a refusal part belongs to an assistant message`);
    }
    throw refuse(`${at}: unknown content part`);
  });
}

type FileInput = Extract<ResponsesContentPart, { type: 'input_file' }>;

/**
 * An input file as Chat Completions' `file` part: by `file_data` or by `file_id`, which OpenAI's
 * models read from its Files API and Claude's from Anthropic's. A `file_url` goes to Claude as a
 * document by URL, Anthropic's own block (its filename as the title); Chat Completions, which the
 * gateway speaks to every other provider, takes no file URL, so there it is a 400 (decision 143).
 */
function filePart(p: FileInput, at: string, model: string): ContentPart {
  const filename = p.filename ? { filename: p.filename } : {};
  if (p.file_data) return { type: 'file', file: { file_data: p.file_data, ...filename } };
  if (p.file_id) return { type: 'file', file: { file_id: p.file_id, ...filename } };
  if (p.file_url && parseModelName(model)?.provider === 'anthropic') {
    return {
      type: 'document',
      source: { type: 'url', url: p.file_url },
      ...(p.filename ? { title: p.filename } : {}),
    };
  }
  if (p.file_url)
    throw refuse(
      `${at}: files by file_url are sent to Claude models only; for other models send file_data or file_id`,
    );
  throw refuse(`${at}: an input_file needs file_data, file_id or file_url`);
}

/**
 * Function tools as Chat Completions' tools; the built-in web search tool as its
 * `web_search_options` (decision 185). Other built-in tools run inside OpenAI: refused by name.
 */
function addTools(request: ChatCompletionRequest, req: ResponsesRequest): void {
  const functions: ReturnType<typeof toChatTool>[] = [];
  for (const [i, tool] of (req.tools ?? []).entries()) {
    if (!isWebSearchTool(tool.type)) {
      functions.push(toChatTool(tool, i));
      continue;
    }
    if (request.web_search_options != null)
      throw refuse(`tools.${i}: only one web search tool can be offered`);
    if (parseModelName(req.model)?.provider === 'openai')
      refuseOpenAiWebSearch(req.model, `tools.${i}`);
    request.web_search_options = webSearchOptionsOf(tool, `tools.${i}`);
  }
  if (functions.length) request.tools = functions;
}

function toChatTool(tool: NonNullable<ResponsesRequest['tools']>[number], i: number) {
  if (tool.type !== 'function')
    throw refuse(
      `tools.${i}: '${tool.type}' is a tool OpenAI runs itself; the gateway translates function tools only`,
    );
  const t = tool as {
    name: string;
    description?: string | null;
    parameters?: Record<string, unknown> | null;
    strict?: boolean | null;
  };
  return {
    type: 'function' as const,
    function: {
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      ...(t.parameters ? { parameters: t.parameters } : {}),
      ...(t.strict != null ? { strict: t.strict } : {}),
    },
  };
}

function toChatToolChoice(choice: NonNullable<ResponsesRequest['tool_choice']>): unknown {
  if (typeof choice === 'string') return choice;
  refuseForcedWebSearch(choice.type);
  if (choice.type === 'function' && typeof choice.name === 'string')
    return { type: 'function', function: { name: choice.name } };
  throw refuse(
    `tool_choice: '${choice.type}' is not supported: use none, auto, required or a function`,
  );
}
