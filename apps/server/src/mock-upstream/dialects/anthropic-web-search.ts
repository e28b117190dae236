import { randomBytes } from 'node:crypto';
import type { ReplyPlan } from '../reply-plan.ts';
import { type Json, list, type MockRefusal, type SseOut } from './dialect.ts';

/** One Anthropic SSE event: its name repeated as the data's `type`, as Anthropic writes them. */
export const ev = (type: string, data: Json): SseOut => ({ event: type, data: { type, ...data } });

const TOOL_FIELDS = [
  'type',
  'name',
  'max_uses',
  'allowed_domains',
  'blocked_domains',
  'user_location',
  'cache_control',
];
const LOCATION_FIELDS = ['type', 'city', 'region', 'country', 'timezone'];

/**
 * The web search server tool a request offers, checked as Anthropic checks it: named
 * `web_search`, `max_uses` a positive integer, an approximate `user_location`, no other field.
 */
export function offeredWebSearch(tools: unknown): { maxUses?: number } | MockRefusal | undefined {
  for (const [i, tool] of list(tools).entries()) {
    if (typeof tool.type !== 'string' || !tool.type.startsWith('web_search_')) continue;
    const refuse = (problem: string): MockRefusal => ({
      status: 400,
      message: `tools.${i}.${tool.type}.${problem}`,
    });
    if (tool.name !== 'web_search') return refuse("name: Input should be 'web_search'");
    const extra = Object.keys(tool).find((key) => !TOOL_FIELDS.includes(key));
    if (extra) return refuse(`${extra}: Extra inputs are not permitted`);
    const maxUses = tool.max_uses;
    if (maxUses !== undefined && !(Number.isInteger(maxUses) && (maxUses as number) > 0))
      return refuse('max_uses: Input should be greater than 0');
    const location = tool.user_location as Json | undefined;
    if (location !== undefined) {
      if (location.type !== 'approximate')
        return refuse("user_location.type: Input should be 'approximate'");
      const odd = Object.keys(location).find((key) => !LOCATION_FIELDS.includes(key));
      if (odd) return refuse(`user_location.${odd}: Extra inputs are not permitted`);
    }
    return maxUses === undefined ? {} : { maxUses: maxUses as number };
  }
  return undefined;
}

type Search = NonNullable<ReplyPlan['webSearches']>[number];

/** Each search as Claude's answer carries it: the server_tool_use block, then its results. */
export function searchBlocks(plan: ReplyPlan): Json[] {
  return (plan.webSearches ?? []).flatMap((search) => {
    const id = serverToolUseId();
    return [
      { type: 'server_tool_use', id, name: 'web_search', input: { query: search.query } },
      resultBlock(id, search),
    ];
  });
}

/**
 * The searches streamed from block `index` on: a server_tool_use block whose query comes as
 * input_json_delta, then the web_search_tool_result block whole in its content_block_start.
 */
export function searchEvents(plan: ReplyPlan, index: number): SseOut[] {
  return (plan.webSearches ?? []).flatMap((search, i) => {
    const id = serverToolUseId();
    const at = index + 2 * i;
    const json = JSON.stringify({ query: search.query });
    const half = Math.ceil(json.length / 2);
    return [
      ev('content_block_start', {
        index: at,
        content_block: { type: 'server_tool_use', id, name: 'web_search', input: {} },
      }),
      ...[json.slice(0, half), json.slice(half)].map((piece) =>
        ev('content_block_delta', {
          index: at,
          delta: { type: 'input_json_delta', partial_json: piece },
        }),
      ),
      ev('content_block_stop', { index: at }),
      ev('content_block_start', { index: at + 1, content_block: resultBlock(id, search) }),
      ev('content_block_stop', { index: at + 1 }),
    ];
  });
}

/** Anthropic's usage.server_tool_use when Claude searched (whole answers and message_delta). */
export function searchUsage(plan: ReplyPlan): Json {
  const count = plan.webSearches?.length ?? 0;
  return count ? { server_tool_use: { web_search_requests: count } } : {};
}

function resultBlock(toolUseId: string, search: Search): Json {
  return {
    type: 'web_search_tool_result',
    tool_use_id: toolUseId,
    content: search.results.map((result) => ({
      type: 'web_search_result',
      url: result.url,
      title: result.title,
      encrypted_content: randomBytes(24).toString('base64'),
      page_age: 'November 30, 2026',
    })),
  };
}

const serverToolUseId = () => `srvtoolu_${randomBytes(12).toString('hex')}`;
