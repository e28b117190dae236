import { randomBytes } from 'node:crypto';
import { countTokens } from '@tokenwise/pricing';
import type { MockBehaviour, ParsedRequest } from './types.ts';

/** Everything a dialect needs to write one answer, whole or streamed. */
export interface ReplyPlan {
  id: string;
  created: number;
  model: string;
  text: string;
  /** The text split by words; concatenated they give `text` back. */
  pieces: string[];
  toolCall?: { name: string; arguments: Record<string, unknown> };
  usage: { input: number; output: number };
  includeUsage: boolean;
  /** How many choices carry the answer (OpenAI's `n`). */
  choices: number;
  /** Whether each piece of text comes with its log probability (OpenAI's `logprobs`). */
  logprobs: boolean;
  omitStreamUsage: boolean;
  /** Anthropic-only parts of the answer (see MockBehaviour). */
  thinking?: string;
  citations?: Record<string, unknown>[];
  /** OpenAI-only: the message's annotations. */
  annotations?: Record<string, unknown>[];
  cacheTokens: { read: number; write: number };
  stopSequence?: string;
  /** OpenAI text completions' `echo`: the prompt, written before the answer. */
  echoPrompt?: string;
  /** OpenAI: the `service_tier` the request asked for. */
  serviceTier?: string;
  /** Anthropic: context editing's report, when the request asked for context editing. */
  contextManagement?: { applied_edits: Record<string, unknown>[] };
  /** Anthropic: the web searches Claude runs before answering (see MockBehaviour.webSearch). */
  webSearches?: Array<{ query: string; results: Array<{ url: string; title: string }> }>;
  /** Anthropic: the turn pauses after the searches (see MockBehaviour.pauseTurn). */
  pauseTurn?: boolean;
  /** Gemini: the Google Search grounding of the answer (see MockBehaviour.grounding). */
  grounding?: NonNullable<MockBehaviour['grounding']>;
}

const ECHO_LIMIT = 200;

/**
 * The default reply echoes the last user text so tests can see a request's content went through.
 * Tokens are counted from the request and reply unless the behaviour fixes them.
 */
export function planReply(parsed: ParsedRequest, behaviour: MockBehaviour): ReplyPlan {
  const toolCall = behaviour.toolCall && parsed.toolNames.length ? behaviour.toolCall : undefined;
  const text = toolCall
    ? ''
    : (behaviour.reply ?? `Echo: ${parsed.lastUserText.slice(0, ECHO_LIMIT)}`);
  const output = toolCall ? JSON.stringify(toolCall.arguments) + toolCall.name : text;
  const searches = webSearchesOf(parsed, behaviour);
  return {
    id: randomBytes(12).toString('hex'),
    created: Math.floor(Date.now() / 1000),
    model: behaviour.reportModel ?? parsed.model,
    text,
    pieces: behaviour.pieceChars ? piecesOf(text, behaviour.pieceChars) : text.split(/(?=\s)/),
    ...(toolCall ? { toolCall } : {}),
    usage: behaviour.usage ?? {
      input: Math.max(1, countTokens(parsed.allText)),
      output: Math.max(1, countTokens(output)),
    },
    includeUsage: parsed.includeUsage,
    choices: parsed.n ?? 1,
    logprobs: parsed.logprobs ?? false,
    omitStreamUsage: behaviour.omitStreamUsage ?? false,
    ...(behaviour.thinking ? { thinking: behaviour.thinking } : {}),
    ...(behaviour.citations ? { citations: behaviour.citations } : {}),
    ...(behaviour.annotations ? { annotations: behaviour.annotations } : {}),
    cacheTokens: {
      read: behaviour.cacheTokens?.read ?? 0,
      write: behaviour.cacheTokens?.write ?? 0,
    },
    ...(behaviour.stopSequence ? { stopSequence: behaviour.stopSequence } : {}),
    ...(parsed.echoPrompt !== undefined ? { echoPrompt: parsed.echoPrompt } : {}),
    ...(parsed.serviceTier ? { serviceTier: parsed.serviceTier } : {}),
    ...(parsed.contextManagement
      ? { contextManagement: { applied_edits: behaviour.appliedEdits ?? [] } }
      : {}),
    ...(searches.length ? { webSearches: searches } : {}),
    ...(behaviour.pauseTurn ? { pauseTurn: true } : {}),
    ...(behaviour.grounding ? { grounding: behaviour.grounding } : {}),
  };
}

/** The searches Claude runs: only when it was offered the tool, at most its `max_uses`. */
function webSearchesOf(parsed: ParsedRequest, behaviour: MockBehaviour) {
  const asked = behaviour.webSearch;
  if (!asked || !parsed.webSearch) return [];
  const queries = asked.queries.slice(0, parsed.webSearch.maxUses ?? asked.queries.length);
  return queries.map((query) => ({ query, results: asked.results }));
}

/** Tool arguments as a JSON string cut in three, the way providers stream them. */
export function argumentPieces(args: Record<string, unknown>): string[] {
  const json = JSON.stringify(args);
  const third = Math.ceil(json.length / 3);
  return [json.slice(0, third), json.slice(third, 2 * third), json.slice(2 * third)].filter(
    Boolean,
  );
}

/** The text cut every `size` characters, whatever falls there (a word, a placeholder). */
function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
