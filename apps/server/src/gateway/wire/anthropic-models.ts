import { GatewayError } from '../types.ts';

/** One entry of OpenAI's model list, as `GET /v1/models` builds it. */
interface OpenAiModel {
  id: string;
  created: number;
}

/** One model as Anthropic's API describes it. */
export function toAnthropicModel(m: OpenAiModel) {
  return {
    type: 'model' as const,
    id: m.id,
    display_name: m.id,
    created_at: new Date(m.created * 1000).toISOString(),
  };
}

/** The query of Anthropic's `GET /v1/models`: a page size and a cursor either way. */
export interface AnthropicModelQuery {
  limit?: unknown;
  after_id?: unknown;
  before_id?: unknown;
}

/**
 * The model list as Anthropic's API pages it, for its SDK's `models.list()`: `limit` (1 to 1000)
 * models after `after_id` or before `before_id`, `has_more` saying whether more lie that way, as
 * the SDK's pager reads it. Without a limit the page holds every model after (or before) the
 * cursor: Anthropic's default is 20, but callers that read only the first page's `data` (their
 * own list is that short) then see the whole catalog (decision 222). The catalog has no display
 * names, so a model is shown by its id.
 */
export function toAnthropicModelList(
  list: { data: OpenAiModel[] },
  query: AnthropicModelQuery = {},
) {
  const all = list.data.map(toAnthropicModel);
  const limit = pageLimit(query.limit);
  const before = cursorIndex(all, query.before_id, 'before_id');
  const after = cursorIndex(all, query.after_id, 'after_id');
  let data: typeof all;
  let hasMore: boolean;
  if (before !== undefined) {
    const start = limit === undefined ? 0 : Math.max(0, before - limit);
    data = all.slice(start, before);
    hasMore = start > 0;
  } else {
    const start = after === undefined ? 0 : after + 1;
    const end = limit === undefined ? all.length : start + limit;
    data = all.slice(start, end);
    hasMore = end < all.length;
  }
  return {
    data,
    has_more: hasMore,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
  };
}

function pageLimit(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new GatewayError(
      400,
      `limit: must be a whole number from 1 to 1000 (got ${String(raw)})`,
      'invalid_request_error',
    );
  }
  return limit;
}

function cursorIndex(
  models: { id: string }[],
  raw: unknown,
  field: 'after_id' | 'before_id',
): number | undefined {
  if (raw === undefined) return undefined;
  const index = models.findIndex((m) => m.id === raw);
  if (index < 0) {
    throw new GatewayError(
      400,
      `${field}: no model ${String(raw)} in this list`,
      'invalid_request_error',
    );
  }
  return index;
}
