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

/**
 * The model list as Anthropic's API pages it, for its SDK's `models.list()`: one page holding
 * every model. The catalog has no display names, so a model is shown by its id.
 */
export function toAnthropicModelList(list: { data: OpenAiModel[] }) {
  const data = list.data.map(toAnthropicModel);
  return {
    data,
    has_more: false,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
  };
}
