// What the demo sends, decided up front and reproducibly (a seeded faker): which kind of request,
// to which model, through which SDK, at what (test-clock) time, with which upstream fault and vote.
import { en, Faker } from '@faker-js/faker';
import type { ProviderId } from '../../apps/server/src/gateway/types.ts';
import type { MockBehaviour } from '../../apps/server/src/mock-upstream/types.ts';
import type { ChatMessage, DemoPrompts } from './demo-prompts.ts';

export type RequestKind = 'repeat' | 'paraphrase' | 'pii' | 'long' | 'easy' | 'plain' | 'fault';

export interface PlannedRequest {
  kind: RequestKind;
  sdk: 'openai' | 'anthropic';
  provider: ProviderId;
  /** As the caller names it: `provider/model` (the Anthropic SDK sends the bare name). */
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  /** The time the request is logged at (the test-clock header), epoch ms. */
  at: number;
  /** Queued at the mock upstream for this provider just before the request is sent. */
  faults: MockBehaviour[];
  feedback?: 'positive' | 'negative';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Request rows are kept 30 days by default: the demo stays inside that. */
const SPREAD_DAYS = 29;

/** A flagship and a cheap model per provider; easy prompts go to the flagship, to be routed down. */
const MODELS: Record<ProviderId, { flagship: string; cheap: string }> = {
  openai: { flagship: 'gpt-4o', cheap: 'gpt-4o-mini' },
  anthropic: { flagship: 'claude-sonnet-4-5', cheap: 'claude-3-5-haiku-latest' },
  gemini: { flagship: 'gemini-2.5-pro', cheap: 'gemini-2.5-flash-lite' },
  mistral: { flagship: 'mistral-large-latest', cheap: 'mistral-small-latest' },
  groq: { flagship: 'llama-3.3-70b-versatile', cheap: 'llama-3.1-8b-instant' },
};

const PROVIDER_WEIGHTS: { value: ProviderId; weight: number }[] = [
  { value: 'openai', weight: 40 },
  { value: 'anthropic', weight: 25 },
  { value: 'gemini', weight: 15 },
  { value: 'mistral', weight: 10 },
  { value: 'groq', weight: 10 },
];

const KIND_WEIGHTS: { value: RequestKind; weight: number }[] = [
  { value: 'repeat', weight: 18 },
  { value: 'paraphrase', weight: 10 },
  { value: 'pii', weight: 12 },
  { value: 'long', weight: 10 },
  { value: 'easy', weight: 20 },
  { value: 'plain', weight: 24 },
  { value: 'fault', weight: 6 },
];

const CONTEXT_TOO_LONG: MockBehaviour[] = [
  { status: 400, errorMessage: "This model's maximum context length is 8192 tokens" },
];
/** Upstream failures as providers send them; 429 and 5xx are retried, so they come three times. */
const FAULTS: MockBehaviour[][] = [
  CONTEXT_TOO_LONG,
  Array(3).fill({ status: 429, retryAfterSeconds: 0 }),
  Array(3).fill({ status: 503, retryAfterSeconds: 0 }),
];

/**
 * `count` requests spread over the past 29 days, oldest first, busier towards today. The first of
 * each kind come early, so even a small run shows every kind (the end-to-end test sends 40).
 */
export function planTraffic(
  prompts: DemoPrompts,
  count: number,
  now: number,
  seed = 19,
): PlannedRequest[] {
  const f = new Faker({ locale: [en], seed });
  const times = Array.from({ length: count }, () => {
    // Squaring draws more recent days more often: traffic that grew over the month.
    const daysAgo = SPREAD_DAYS * f.number.float({ min: 0, max: 1 }) ** 2;
    return now - Math.round(daysAgo * DAY_MS);
  }).sort((a, b) => a - b);
  const asked: { provider: ProviderId; model: string; question: string; paraphrases: string[] }[] =
    [];
  const firstKinds: RequestKind[] = [
    'plain',
    'repeat',
    'pii',
    'long',
    'easy',
    'paraphrase',
    'fault',
  ];

  return times.map((at, i): PlannedRequest => {
    const wanted = firstKinds[i] ?? f.helpers.weightedArrayElement(KIND_WEIGHTS);
    const earlier = asked.length ? f.helpers.arrayElement(asked) : undefined;
    const kind = (wanted === 'repeat' || wanted === 'paraphrase') && !earlier ? 'plain' : wanted;
    const vote = f.number.float({ min: 0, max: 1 });
    const common = {
      kind,
      stream: f.number.float({ min: 0, max: 1 }) < 0.2,
      at,
      // The first fault is one no retry hides, so even a small run logs an upstream error.
      faults:
        kind !== 'fault'
          ? []
          : i < firstKinds.length
            ? CONTEXT_TOO_LONG
            : f.helpers.arrayElement(FAULTS),
      // One answer in eight gets a vote, mostly thumbs up.
      ...(kind !== 'fault' && vote < 0.125
        ? { feedback: vote < 0.1 ? ('positive' as const) : ('negative' as const) }
        : {}),
    };
    if ((kind === 'repeat' || kind === 'paraphrase') && earlier) {
      // Same model and SDK as the first time, so the cache can answer.
      const content =
        kind === 'repeat' ? earlier.question : f.helpers.arrayElement(earlier.paraphrases);
      return {
        ...common,
        sdk: 'openai',
        provider: earlier.provider,
        model: earlier.model,
        messages: [{ role: 'user', content }],
      };
    }
    const provider = f.helpers.weightedArrayElement(PROVIDER_WEIGHTS);
    const tier = kind === 'easy' || f.datatype.boolean() ? 'flagship' : 'cheap';
    const model = `${provider}/${MODELS[provider][tier]}`;
    if (kind === 'plain') {
      const group = f.helpers.arrayElement(prompts.cacheGroups);
      asked.push({ provider, model, ...group });
      return {
        ...common,
        sdk: 'openai',
        provider,
        model,
        messages: [{ role: 'user', content: group.question }],
      };
    }
    const messages = messagesOf(kind, prompts, f);
    // Anthropic's SDK for half the other Claude traffic (conversations without a system turn).
    const anthropicSdk =
      provider === 'anthropic' &&
      messages.every((m) => m.role !== 'system') &&
      f.datatype.boolean();
    return { ...common, sdk: anthropicSdk ? 'anthropic' : 'openai', provider, model, messages };
  });
}

function messagesOf(kind: RequestKind, prompts: DemoPrompts, f: Faker): ChatMessage[] {
  switch (kind) {
    case 'pii':
      return [{ role: 'user', content: f.helpers.arrayElement(prompts.personalData) }];
    case 'long':
      return f.helpers.arrayElement(prompts.longConversations);
    case 'easy':
      return [{ role: 'user', content: f.helpers.arrayElement(prompts.easyPrompts) }];
    default:
      return [{ role: 'user', content: f.helpers.arrayElement(prompts.otherPrompts) }];
  }
}
