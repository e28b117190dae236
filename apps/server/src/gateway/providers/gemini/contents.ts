import type { ChatMessage } from '../../types.ts';
import { contentText } from '../shared/content-parts.ts';
import { legacyFunctionsAsTools } from '../shared/legacy-functions.ts';
import { parseToolArguments } from '../shared/tool-arguments.ts';
import { toTurns } from '../shared/turns.ts';
import { type GeminiPart, userParts } from './parts.ts';
import { withSignature } from './thought-signature.ts';

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

/**
 * OpenAI messages → Gemini `systemInstruction` + `contents`. Gemini matches a function's answer to
 * its call by name rather than id, so each tool message is named after the call it answers.
 */
export function toGeminiContents(messages: ChatMessage[]): {
  systemInstruction: { parts: GeminiPart[] } | undefined;
  contents: GeminiContent[];
} {
  const toolNames = new Map<string, string>();
  const { system, turns } = toTurns(legacyFunctionsAsTools(messages), (message): GeminiPart[] => {
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) toolNames.set(call.id, call.function.name);
      return modelParts(message);
    }
    if (message.role === 'tool') {
      const name = toolNames.get(message.tool_call_id ?? '') ?? message.name ?? 'tool';
      return [{ functionResponse: { name, response: toolResponse(message) } }];
    }
    return userParts(message.content);
  });
  return {
    systemInstruction: system ? { parts: [{ text: system }] } : undefined,
    contents: turns.map((t) => ({
      role: t.side === 'assistant' ? 'model' : 'user',
      parts: t.parts,
    })),
  };
}

/**
 * The model's turn with its thought signatures back where Gemini put them: each call's on its
 * functionCall part (Gemini 3 refuses the turn without), the text's on the text part. A text
 * signature with no text to hold it is dropped; Gemini never checks those.
 */
function modelParts(message: ChatMessage): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const text = contentText(message.content);
  if (text) parts.push(withSignature({ text }, message.extra_content));
  for (const call of message.tool_calls ?? []) {
    const args = parseToolArguments(call.function.name, call.function.arguments);
    parts.push(
      withSignature({ functionCall: { name: call.function.name, args } }, call.extra_content),
    );
  }
  return parts;
}

/** Gemini wants an object; a JSON object answer goes as is, anything else under `output`. */
function toolResponse(message: ChatMessage): Record<string, unknown> {
  const text = contentText(message.content);
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
    return { output: value };
  } catch {
    return { output: text };
  }
}
