// Compresses a chat request's messages. Only the text of system, developer, user and assistant
// messages changes; images, tool calls, tool results and every other field pass through as they
// are. The input is never mutated: changed messages and content arrays are copies.
import { compressTextWithStages, type MessageRole } from './compress-text.ts';
import { countTokens, type TokenEncoding } from './count-tokens.ts';
import type { CompressionLevel } from './levels.ts';
import { RecentCompressions } from './recent-compressions.ts';
import { dropRepeatsAcrossMessages } from './stages/drop-repeats-across-messages.ts';

export interface ChatMessageLike {
  role: string;
  content: string | Array<{ type: string; text?: string; [k: string]: unknown }> | null;
  [k: string]: unknown;
}

export interface CompressionResult<M> {
  messages: M[];
  /** Tokens of all message text before compression, with the real tokenizer. */
  originalTokens: number;
  compressedTokens: number;
  /** originalTokens - compressedTokens. */
  tokensSaved: number;
  /** "role: text" per message, for the side-by-side comparison. */
  originalText: string;
  optimizedText: string;
  stagesApplied: string[];
}

const COMPRESSED_ROLES: Record<string, MessageRole> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
};

/** The system prompt and the history, as compressed in earlier requests (one per process). */
const recentCompressions = new RecentCompressions();

/** Roles whose earlier copy of a repeated paragraph may go: the conversation, not its rules. */
const HISTORY_ROLES = new Set(['user', 'assistant']);

type Part = { type: string; text?: string; [k: string]: unknown };

function isTextPart(part: Part): part is Part & { text: string } {
  return part.type === 'text' && typeof part.text === 'string';
}

/** The text a model reads from one message, parts joined by newlines. */
function messageText(content: ChatMessageLike['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isTextPart)
    .map((p) => p.text)
    .join('\n');
}

/**
 * A conversation that ends with the assistant's words asks the model to go on from exactly
 * them (a prefill: "Here is the JSON:\n{\"name\": \""), so that message is sent as written.
 */
function prefillIndex(messages: ChatMessageLike[]): number {
  const last = messages.length - 1;
  return messages[last]?.role === 'assistant' ? last : -1;
}

function lastUserIndex(messages: ChatMessageLike[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]?.role === 'user') return i;
  return -1;
}

export interface CompressMessagesOptions {
  encoding?: TokenEncoding;
  /**
   * Exact tokens of a text in `encoding`. A caller that counts the same texts elsewhere (the
   * gateway's difficulty scoring) passes a remembering counter, so each text is tokenised once.
   */
  countTokens?: (text: string) => number;
}

export function compressMessages<M extends ChatMessageLike>(
  messages: M[],
  level: CompressionLevel,
  opts: CompressMessagesOptions = {},
): CompressionResult<M> {
  const encoding = opts.encoding ?? 'o200k_base';
  const count = opts.countTokens ?? ((text: string) => countTokens(text, encoding));
  const lastUser = lastUserIndex(messages);
  const prefill = prefillIndex(messages);
  const stages = new Set<string>();
  const withoutRepeats = dropRepeatsAcrossMessages(
    messages.map((m) => (typeof m.content === 'string' ? m.content : undefined)),
    messages.map((m, i) => HISTORY_ROLES.has(m.role) && i !== lastUser && i !== prefill),
  );
  if (withoutRepeats.some((t) => t !== undefined)) stages.add('drop-repeats-across-messages');
  const compressed = messages.map((message, index): M => {
    const role = COMPRESSED_ROLES[message.role];
    // Copies even when unchanged, so the caller can edit the result without touching its input.
    if (!role || index === prefill) return { ...message };
    const compress = (text: string) => {
      const result =
        index === lastUser
          ? compressTextWithStages(text, level, role, { isLastUserMessage: true })
          : recentCompressions.compress(text, level, role);
      for (const s of result.stagesApplied) stages.add(s);
      return result.text;
    };
    if (typeof message.content === 'string')
      return { ...message, content: compress(withoutRepeats[index] ?? message.content) };
    if (!Array.isArray(message.content)) return { ...message };
    const content = message.content.map((part) =>
      isTextPart(part) ? { ...part, text: compress(part.text) } : part,
    );
    return { ...message, content };
  });

  // Each message's text is tokenised once, and a second time only if compression changed it.
  let originalTokens = 0;
  let compressedTokens = 0;
  messages.forEach((message, i) => {
    const before = messageText(message.content);
    const after = messageText(compressed[i]?.content ?? null);
    const tokens = count(before);
    originalTokens += tokens;
    compressedTokens += after === before ? tokens : count(after);
  });
  return {
    messages: compressed,
    originalTokens,
    compressedTokens,
    tokensSaved: originalTokens - compressedTokens,
    // Built when read: the gateway logs its own (clipped) transcripts and never reads these.
    get originalText() {
      return transcript(messages);
    },
    get optimizedText() {
      return transcript(compressed);
    },
    stagesApplied: [...stages],
  };
}

function transcript(messages: ChatMessageLike[]): string {
  return messages
    .map((m) => ({ role: m.role, text: messageText(m.content) }))
    .filter((m) => m.text !== '')
    .map((m) => `${m.role}: ${m.text}`)
    .join('\n');
}
