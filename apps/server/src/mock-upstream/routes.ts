import type { ProviderId } from '../gateway/types.ts';
import { anthropicDialect } from './dialects/anthropic.ts';
import type { Dialect } from './dialects/dialect.ts';
import { geminiDialect, geminiRoute } from './dialects/gemini.ts';
import { openAiDialect } from './dialects/openai.ts';
import { openAiCompletionsDialect } from './dialects/openai-completions.ts';

export interface MockRoute {
  provider: ProviderId;
  kind: 'chat' | 'embeddings' | 'count_tokens';
  dialect: Dialect;
}

/** Path prefix under the mock's origin for each provider; the rest is the provider's own path. */
export const PROVIDER_PREFIXES: Record<ProviderId, string> = {
  openai: '/openai/v1',
  anthropic: '/anthropic',
  gemini: '/gemini',
  mistral: '/mistral/v1',
  groq: '/groq/openai/v1',
};

const openai = openAiDialect('openai');
const mistral = openAiDialect('mistral');
const groq = openAiDialect('groq');

const FIXED: Record<string, MockRoute> = {
  '/openai/v1/chat/completions': { provider: 'openai', kind: 'chat', dialect: openai },
  '/openai/v1/completions': {
    provider: 'openai',
    kind: 'chat',
    dialect: openAiCompletionsDialect,
  },
  '/openai/v1/embeddings': { provider: 'openai', kind: 'embeddings', dialect: openai },
  '/mistral/v1/chat/completions': { provider: 'mistral', kind: 'chat', dialect: mistral },
  '/mistral/v1/embeddings': { provider: 'mistral', kind: 'embeddings', dialect: mistral },
  '/groq/openai/v1/chat/completions': { provider: 'groq', kind: 'chat', dialect: groq },
  '/anthropic/v1/messages': { provider: 'anthropic', kind: 'chat', dialect: anthropicDialect },
  '/anthropic/v1/messages/count_tokens': {
    provider: 'anthropic',
    kind: 'count_tokens',
    dialect: anthropicDialect,
  },
};

const GEMINI_METHODS: Record<string, MockRoute['kind']> = {
  generateContent: 'chat',
  streamGenerateContent: 'chat',
  embedContent: 'embeddings',
  batchEmbedContents: 'embeddings',
};

export function findRoute(pathname: string): MockRoute | undefined {
  const fixed = FIXED[pathname];
  if (fixed) return fixed;
  if (!pathname.startsWith(`${PROVIDER_PREFIXES.gemini}/`)) return undefined;
  const kind = GEMINI_METHODS[geminiRoute(pathname)?.method ?? ''];
  return kind ? { provider: 'gemini', kind, dialect: geminiDialect } : undefined;
}

/** The provider a path belongs to, for recording calls that match no endpoint. */
export function providerOfPath(pathname: string): ProviderId | undefined {
  const entries = Object.entries(PROVIDER_PREFIXES) as [ProviderId, string][];
  // Longest prefix first, so /groq/openai/v1 is not mistaken for anything shorter.
  entries.sort((a, b) => b[1].length - a[1].length);
  return entries.find(([, prefix]) => pathname.startsWith(`${prefix}/`))?.[0];
}
