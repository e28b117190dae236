import type { ChatMessage } from '../../types.ts';
import { createOpenAiCompatibleAdapter } from '../openai-compatible/adapter.ts';
import { developerAsSystem, withoutFields } from '../openai-compatible/developer-role.ts';
import { refuseWebSearchOptions } from '../shared/web-search-options.ts';
import { groqMessage } from './message-fields.ts';

// Groq answers 400 when these OpenAI fields are present.
const REJECTED_FIELDS = ['logprobs', 'top_logprobs', 'logit_bias'] as const;

/**
 * Messages keep only the properties Groq lists per role (decision 202). It searches only on its
 * compound systems, asked with its own fields (`search_settings`, which pass through), so
 * `web_search_options` is refused.
 */
function groqChatBody(body: Record<string, unknown>): Record<string, unknown> {
  refuseWebSearchOptions(body.web_search_options, body.model, 'Groq');
  const adapted = developerAsSystem(withoutFields(body, REJECTED_FIELDS));
  if (!Array.isArray(adapted.messages)) return adapted;
  return { ...adapted, messages: (adapted.messages as ChatMessage[]).map(groqMessage) };
}

/** Groq reports usage as `x_groq.usage` on its last chunk as well as through stream_options. */
export const groqAdapter = createOpenAiCompatibleAdapter({
  id: 'groq',
  label: 'Groq',
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  acceptsStreamOptions: true,
  adaptChatBody: groqChatBody,
});
