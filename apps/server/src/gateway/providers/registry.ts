import { GatewayError, type ProviderId } from '../types.ts';
import { anthropicAdapter } from './anthropic/adapter.ts';
import { geminiAdapter } from './gemini/adapter.ts';
import { groqAdapter } from './groq/adapter.ts';
import { mistralAdapter } from './mistral/adapter.ts';
import { openAiAdapter } from './openai/adapter.ts';
import type { ProviderAdapter } from './provider-adapter.ts';

/** The one map of providers: adding a provider means its folder plus one line here. */
export const PROVIDERS: Record<ProviderId, ProviderAdapter> = {
  openai: openAiAdapter,
  anthropic: anthropicAdapter,
  gemini: geminiAdapter,
  mistral: mistralAdapter,
  groq: groqAdapter,
};

export function getProvider(id: ProviderId): ProviderAdapter {
  const adapter = (PROVIDERS as Partial<Record<string, ProviderAdapter>>)[id];
  if (!adapter) throw new GatewayError(400, `Unknown provider "${id}"`, 'invalid_request_error');
  return adapter;
}
