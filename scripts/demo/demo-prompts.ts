// The demo's prompts come from the evaluation sets (eval/data), so what the demo shows is what the
// engines are measured on: cache paraphrase pairs, PII sentences, long prompts, easy prompts.
import { readFileSync } from 'node:fs';

const DATA = new URL('../../eval/data/', import.meta.url);

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface DemoPrompts {
  /** A question and paraphrases of it that the semantic cache should answer from its entry. */
  cacheGroups: { question: string; paraphrases: string[] }[];
  /** User text holding an email, phone number, SSN, card number, IP address or secret. */
  personalData: string[];
  /** Conversations long enough to compress. */
  longConversations: ChatMessage[][];
  /** Prompts the difficulty scorer rates simple: routed down from a flagship model. */
  easyPrompts: string[];
  /** Medium and complex prompts that stay on the model asked for. */
  otherPrompts: string[];
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(new URL(file, DATA), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

export function loadDemoPrompts(): DemoPrompts {
  const pairs = readJsonl<{ cached: string; query: string; same: boolean }>('cache/pairs.jsonl');
  const groups = new Map<string, string[]>();
  for (const p of pairs.filter((x) => x.same)) {
    groups.set(p.cached, [...(groups.get(p.cached) ?? []), p.query]);
  }
  const pii = readJsonl<{ category: string; locale: string; text: string }>('pii/sentences.jsonl');
  const long = readJsonl<{ kind: string; messages: ChatMessage[] }>('compress/prompts.jsonl');
  const routing = readJsonl<{ label: string; request: { messages: ChatMessage[] } }>(
    'routing/prompts.jsonl',
  );
  const lastUserText = (messages: ChatMessage[]) =>
    messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  return {
    cacheGroups: [...groups].map(([question, paraphrases]) => ({ question, paraphrases })),
    personalData: pii
      .filter((s) => s.category === 'positive' && s.locale.startsWith('en'))
      .map((s) => `Please draft a short reply to this customer note: ${s.text}`),
    longConversations: long
      .filter((p) => JSON.stringify(p.messages).length > 1500)
      .map((p) => p.messages),
    easyPrompts: routing
      .filter((p) => p.label === 'simple' && p.request.messages.length === 1)
      .map((p) => lastUserText(p.request.messages)),
    otherPrompts: routing
      .filter((p) => p.label !== 'simple' && p.request.messages.length === 1)
      .map((p) => lastUserText(p.request.messages)),
  };
}
