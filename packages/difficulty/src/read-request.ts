import { isLogLine } from './code-lines.ts';
import type { DifficultyInput } from './types.ts';

/** The views of a request that the signals read. */
export interface RequestText {
  /** Every message's text, for token counting and for code or maths anywhere in the context. */
  all: string;
  /** Where people write what they want, in system, developer and user messages. */
  instructions: string;
  /** The same, from user messages only: the task rather than the persona. */
  userInstructions: string;
  /** The instruction part of the latest user message. */
  lastUser: string;
  userTurns: number;
  images: number;
  /** Characters of system and developer messages, to tell a long persona from a long task. */
  systemChars: number;
}

// Instructions sit before or after pasted material. Reading only a short first (else last)
// paragraph of a long user message, and never fenced code, log lines or quoted text, keeps words
// inside a pasted article, transcript, log or snippet ('design', 'bug', '?') from reading as what
// the user asks for. System prompts are all instructions, so only their length is bounded.
const SHORT_MESSAGE_CHARS = 1000;
const INSTRUCTION_PARAGRAPH_CHARS = 600;
const EDGE_CHARS = 500;
const ASKING_ROLES = new Set(['system', 'developer', 'user']);
const IMAGE_PARTS = new Set(['image_url', 'input_image', 'image']);

export function readRequest(input: DifficultyInput): RequestText {
  const all: string[] = [];
  const instructions: string[] = [];
  const userInstructions: string[] = [];
  let lastUser = '';
  let userTurns = 0;
  let images = 0;
  let systemChars = 0;
  for (const message of input.messages) {
    const { text, imageCount } = readContent(message.content);
    images += imageCount;
    all.push(text);
    if (message.role === 'user') {
      userTurns += 1;
      lastUser = withoutMaterial(instructionPartOf(text));
      instructions.push(lastUser);
      userInstructions.push(lastUser);
    } else if (ASKING_ROLES.has(message.role)) {
      systemChars += text.length;
      instructions.push(withoutMaterial(edgesOf(text)));
    }
  }
  return {
    all: all.join('\n'),
    instructions: instructions.join('\n'),
    userInstructions: userInstructions.join('\n'),
    lastUser,
    userTurns,
    images,
    systemChars,
  };
}

// Quotes open after a space, colon or bracket and close before punctuation, so the apostrophes
// in "don't" or "what's" are never taken for quotes.
const FENCED_CODE = /```[\s\S]*?(?:```|$)/g;
const QUOTED = /(^|[\s(:])(?:'[^'\n]{1,300}'|"[^"\n]{1,300}"|“[^”\n]{1,300}”)(?=[\s.,;:!?)]|$)/gm;

// Plain string checks first: most messages have no fence, one line, or no quote mark, and each
// regex run costs a few µs when the gateway's other stages have left it cold (decision 055).
function withoutMaterial(text: string): string {
  const unfenced = text.includes('```') ? text.replace(FENCED_CODE, ' ') : text;
  const withoutLogs = unfenced.includes('\n')
    ? unfenced
        .split('\n')
        .filter((line) => !isLogLine(line))
        .join('\n')
    : isLogLine(unfenced)
      ? ''
      : unfenced;
  return hasQuoteMark(withoutLogs) ? withoutLogs.replace(QUOTED, '$1 ') : withoutLogs;
}

function hasQuoteMark(text: string): boolean {
  return text.includes("'") || text.includes('"') || text.includes('“');
}

function instructionPartOf(text: string): string {
  if (text.length <= SHORT_MESSAGE_CHARS) return text;
  const paragraphs = text.split(/\n[ \t]*\n/);
  const short = (p: string | undefined) =>
    p !== undefined && p.length <= INSTRUCTION_PARAGRAPH_CHARS;
  if (short(paragraphs[0])) return paragraphs[0] ?? '';
  if (paragraphs.length > 1 && short(paragraphs.at(-1))) return paragraphs.at(-1) ?? '';
  return edgesOf(text);
}

function edgesOf(text: string): string {
  if (text.length <= EDGE_CHARS * 2) return text;
  return `${text.slice(0, EDGE_CHARS)}\n${text.slice(-EDGE_CHARS)}`;
}

/** Message content is a string, an array of parts (OpenAI and Anthropic shapes) or null. */
function readContent(content: unknown): { text: string; imageCount: number } {
  if (typeof content === 'string') return { text: content, imageCount: 0 };
  if (!Array.isArray(content)) return { text: '', imageCount: 0 };
  const texts: string[] = [];
  let imageCount = 0;
  for (const part of content) {
    if (typeof part === 'string') texts.push(part);
    else if (part && typeof part === 'object') {
      const { type, text } = part as { type?: unknown; text?: unknown };
      if (typeof text === 'string') texts.push(text);
      else if (typeof type === 'string' && IMAGE_PARTS.has(type)) imageCount += 1;
    }
  }
  return { text: texts.join('\n'), imageCount };
}
