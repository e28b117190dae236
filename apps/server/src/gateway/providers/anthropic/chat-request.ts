import { type ChatCompletionRequest, GatewayError, type UpstreamTarget } from '../../types.ts';
import { legacyFunctionParams } from '../shared/legacy-functions.ts';
import { takesBothSamplers } from './claude-version.ts';
import { toAnthropicMessages } from './messages.ts';
import { thinkingForEffort } from './reasoning-effort.ts';
import { anthropicOutputFormat, jsonInstruction } from './structured-output.ts';
import { anthropicToolChoice, anthropicTools } from './tools.ts';
import { webSearchTool } from './web-search.ts';

/** Anthropic requires max_tokens; this is what callers get when they set none. */
export const DEFAULT_MAX_TOKENS = 4096;

/** Anthropic's own service tiers; OpenAI's (`default`, `flex`…) mean something else. */
const SERVICE_TIERS = new Set(['auto', 'standard_only']);

/**
 * The Messages API body. Fields Anthropic has no equivalent for (seed, penalties, logprobs,
 * logit_bias…) are dropped: Anthropic refuses unknown fields. A json_schema response_format goes
 * as `output_format` where the model has structured outputs, and json_object (or a schema the model
 * cannot take) as an instruction in the system prompt; `reasoning_effort` as extended thinking
 * where the model has it (decision 141), adaptive with `output_config.effort` from Claude 4.6, an
 * unknown effort a 400 (decision 143); `web_search_options` as Anthropic's web search server tool
 * beside the caller's tools (decision 182). Its own fields (top_k, thinking,
 * service_tier, output_format, output_config, context_management, container, inference_geo) go
 * as the caller set them. More than one choice is refused:
 * dropped, it would hand back one where the caller loops over n.
 */
export function anthropicBody(
  asked: ChatCompletionRequest,
  target: UpstreamTarget,
): Record<string, unknown> {
  const req = legacyFunctionParams(asked);
  if (req.n != null && req.n > 1) {
    throw new GatewayError(
      400,
      `Claude models write one choice per request, so n must be 1 (got ${req.n}); send ${req.n} requests instead`,
      'invalid_request_error',
    );
  }
  const { system, messages } = toAnthropicMessages(req.messages);
  const effort = thinkingForEffort(req, target.model, DEFAULT_MAX_TOKENS);
  const body: Record<string, unknown> = {
    model: target.model,
    max_tokens:
      effort?.maxTokens ?? req.max_tokens ?? req.max_completion_tokens ?? DEFAULT_MAX_TOKENS,
    messages,
  };
  if (system) body.system = system;
  if (req.stream) body.stream = true;
  // Claude thinks only at its default sampling; OpenAI's reasoning models take none either.
  if (!effort) sampling(req, body, target.model);
  const stop = req.stop == null ? [] : [req.stop].flat().filter((s) => s.trim() !== '');
  if (stop.length) body.stop_sequences = stop;
  const search = webSearchTool(req.web_search_options);
  if (req.tools?.length || search) {
    body.tools = [...anthropicTools(req.tools ?? []), ...(search ? [search] : [])];
  }
  if (req.tools?.length) {
    const toolChoice = anthropicToolChoice(req.tool_choice, req.parallel_tool_calls);
    if (toolChoice) body.tool_choice = toolChoice;
  }
  if (req.thinking) body.thinking = req.thinking;
  else if (effort) body.thinking = effort.thinking;
  // An Anthropic caller's own output_config wins, as its own thinking does.
  if (req.output_config) body.output_config = req.output_config;
  else if (effort?.effort) body.output_config = { effort: effort.effort };
  const outputFormat = anthropicOutputFormat(req, target.model);
  if (outputFormat) body.output_format = outputFormat;
  const json = jsonInstruction(req, body);
  if (json) body.system = withInstruction(body.system as AnthropicSystem, json);
  if (typeof req.service_tier === 'string' && SERVICE_TIERS.has(req.service_tier)) {
    body.service_tier = req.service_tier;
  }
  if (typeof req.user === 'string' && req.user) body.metadata = { user_id: req.user };
  if (req.context_management) body.context_management = req.context_management;
  if (req.container != null) body.container = req.container;
  if (typeof req.inference_geo === 'string') body.inference_geo = req.inference_geo;
  return body;
}

/**
 * Anthropic's temperature range is 0–1 (OpenAI's is 0–2). Claude from Opus 4.1, Sonnet 4.5 and
 * Haiku 4.5 on refuses temperature and top_p together (a 400), so there top_p only goes without
 * temperature; older models take both and get both (decision 230).
 */
function sampling(req: ChatCompletionRequest, body: Record<string, unknown>, model: string): void {
  if (req.temperature != null) body.temperature = Math.min(req.temperature, 1);
  if (req.top_p != null && (req.temperature == null || takesBothSamplers(model)))
    body.top_p = req.top_p;
  if (req.top_k != null) body.top_k = req.top_k;
}

type AnthropicSystem = ReturnType<typeof toAnthropicMessages>['system'];

/** The system prompt with `text` last; blocks (a cache breakpoint among them) stay blocks. */
function withInstruction(system: AnthropicSystem, text: string): AnthropicSystem {
  if (Array.isArray(system)) return [...system, { type: 'text', text }];
  return system ? `${system}\n\n${text}` : text;
}
