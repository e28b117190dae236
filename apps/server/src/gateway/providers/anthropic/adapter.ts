import type { UpstreamTarget } from '../../types.ts';
import type { ProviderAdapter } from '../provider-adapter.ts';
import { jsonPost } from '../shared/http-spec.ts';
import { providerErrorMessage } from '../shared/provider-message.ts';
import { anthropicBody } from './chat-request.ts';
import { fromAnthropicMessage } from './chat-response.ts';
import { anthropicPausedTurn } from './pause-turn.ts';
import { anthropicStream } from './stream-translator.ts';
import { betasFor } from './structured-output.ts';

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

const headers = (target: UpstreamTarget, betas: string[] | undefined) => ({
  'x-api-key': target.apiKey,
  'anthropic-version': ANTHROPIC_VERSION,
  ...(betas?.length ? { 'anthropic-beta': betas.join(',') } : {}),
});

/** Anthropic Messages API. No embeddings endpoint. */
export const anthropicAdapter: ProviderAdapter = {
  id: 'anthropic',
  defaultBaseUrl: DEFAULT_BASE_URL,
  chatRequest: (req, target) => {
    const body = anthropicBody(req, target);
    return jsonPost(
      target.baseUrl || DEFAULT_BASE_URL,
      '/v1/messages',
      headers(target, betasFor(req.anthropic_beta, body)),
      body,
    );
  },
  chatResponse: fromAnthropicMessage,
  pausedTurn: anthropicPausedTurn,
  streamTranslator: anthropicStream,
  errorMessage: (status, bodyText) => providerErrorMessage('Anthropic', status, bodyText),
  countTokensRequest: (req, target) =>
    jsonPost(
      target.baseUrl || DEFAULT_BASE_URL,
      '/v1/messages/count_tokens',
      headers(target, req.anthropic_beta),
      promptFields(anthropicBody(req, target)),
    ),
  countTokensResponse: (body) => {
    const count = (body as { input_tokens?: unknown } | null)?.input_tokens;
    if (typeof count !== 'number')
      throw new Error('Anthropic count_tokens answered without input_tokens');
    return count;
  },
};

// count_tokens refuses every field of a message request that is not part of the prompt.
const PROMPT_FIELDS = ['model', 'messages', 'system', 'tools', 'tool_choice', 'thinking'];

function promptFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(PROMPT_FIELDS.filter((k) => k in body).map((k) => [k, body[k]]));
}
