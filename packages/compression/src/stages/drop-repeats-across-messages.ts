// Paragraphs a later message repeats word for word: a RAG app that sends the same retrieved
// context with every turn, a user who pastes the same text again. The copy in the earlier message
// goes and the latest stays, beside the question that reads it now (within one message the
// duplicate stage keeps the first copy instead: there the reader meets it first). Only history
// loses a copy: the system prompt and the last user message are never changed, code (fenced, or
// lines that look like code) never goes, and a message is never emptied.
import { looksLikeCode } from '../protect/looks-like-code.ts';

/** Shorter paragraphs repeat on purpose ("Thanks, that works.", a list heading). */
const MIN_WORDS = 12;
/** Twelve words take at least this many characters: shorter paragraphs are passed over unread. */
const MIN_LENGTH = 2 * MIN_WORDS - 1;
const FENCE = /^\s*(```|~~~)/gm;
const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/;

function isProse(paragraph: string): boolean {
  const words = paragraph.match(/\p{L}+/gu)?.length ?? 0;
  return words >= MIN_WORDS && !paragraph.split('\n').some(looksLikeCode);
}

/**
 * For each message, its text with the paragraphs a later message repeats taken out, or undefined
 * where nothing changes. `texts[i]` is undefined for a message without string content;
 * `removable[i]` says whether message i may lose a copy.
 */
export function dropRepeatsAcrossMessages(
  texts: (string | undefined)[],
  removable: boolean[],
): (string | undefined)[] {
  const out: (string | undefined)[] = new Array(texts.length).fill(undefined);
  if (!removable.some(Boolean)) return out;
  // Paragraphs of the messages after the one being read: one pass, linear in the conversation.
  const later = new Set<string>();
  for (let i = texts.length - 1; i >= 0; i -= 1) {
    const text = texts[i];
    if (text === undefined) continue;
    const paragraphs = text.split(PARAGRAPH_BREAK);
    if (removable[i] && later.size > 0) out[i] = withoutRepeats(text, paragraphs, later);
    for (const p of paragraphs) {
      const key = p.trim();
      if (key.length >= MIN_LENGTH) later.add(key);
    }
  }
  return out;
}

/** The text without its prose paragraphs that a later message holds as a paragraph too. */
function withoutRepeats(
  text: string,
  paragraphs: string[],
  later: Set<string>,
): string | undefined {
  const hasFences = text.includes('```') || text.includes('~~~');
  let inFence = false;
  let dropped = false;
  const kept: string[] = [];
  for (const paragraph of paragraphs) {
    const fences = hasFences ? (paragraph.match(FENCE)?.length ?? 0) : 0;
    const code = inFence || fences > 0;
    if (fences % 2 === 1) inFence = !inFence;
    const key = paragraph.trim();
    // Prose is checked only on a repeat: most paragraphs never repeat.
    if (!code && later.has(key) && isProse(key)) dropped = true;
    else if (key !== '') kept.push(paragraph);
  }
  if (!dropped) return undefined;
  // All of it is repeated later: the turn still happened, so it keeps its words.
  return kept.length === 0 ? undefined : kept.join('\n\n');
}
