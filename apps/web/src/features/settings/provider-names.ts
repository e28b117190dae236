import { PROVIDERS, type Provider } from '@tokenwise/contracts';

const NAMES: Record<Provider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  mistral: 'Mistral',
  groq: 'Groq',
};

export function providerName(provider: Provider): string {
  return NAMES[provider];
}

/** The add form's choices, in the spec's order. */
export const PROVIDER_OPTIONS = PROVIDERS.map((value) => ({ value, label: NAMES[value] }));
