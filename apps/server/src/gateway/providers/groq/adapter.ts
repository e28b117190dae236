import { createOpenAiCompatibleAdapter } from '../openai-compatible/adapter.ts';
import { developerAsSystem, withoutFields } from '../openai-compatible/developer-role.ts';
import { refuseWebSearchOptions } from '../shared/web-search-options.ts';

// Groq answers 400 when these OpenAI fields are present.
const REJECTED_FIELDS = ['logprobs', 'top_logprobs', 'logit_bias'] as const;

/**
 * Groq also rejects `name` on messages. It searches only on its compound systems, asked with its
 * own fields (`search_settings`, which pass through), so `web_search_options` is refused.
 */
function groqChatBody(body: Record<string, unknown>): Record<string, unknown> {
  refuseWebSearchOptions(body.web_search_options, body.model, 'Groq');
  const adapted = developerAsSystem(withoutFields(body, REJECTED_FIELDS));
  if (!Array.isArray(adapted.messages)) return adapted;
  const messages = adapted.messages.map((m: Record<string, unknown>) => withoutFields(m, ['name']));
  return { ...adapted, messages };
}

/** Groq reports usage as `x_groq.usage` on its last chunk as well as through stream_options. */
export const groqAdapter = createOpenAiCompatibleAdapter({
  id: 'groq',
  label: 'Groq',
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  acceptsStreamOptions: true,
  adaptChatBody: groqChatBody,
});
