// Paragraphs a later message repeats word for word: a RAG app that sends the same retrieved
// context with every turn, a user who pastes the same text again. The copy in the earlier message
// goes and the latest stays, beside the question that reads it now (within one message the
// duplicate stage keeps the first copy instead: there the reader meets it first). Only history
// loses a copy: the system prompt and the last user message are never changed, code (fenced, or
// lines that look like code) never goes, and a message is never emptied.
import { looksLikeCode } from '../protect/looks-like-code.ts';

/** Shorter paragraphs repeat on purpose ("Thanks, that works.", a list heading). */
const MIN_WORDS = 12;
const FENCE = /^\s*(```|~~~)/gm;
const PARAGRAPH_BREAK = /(\n[ \t]*\n\s*)/;

interface Piece {
  text: string;
  /** Normalised text of a prose paragraph outside code, or null. */
  key: string | null;
}

function fenceLines(paragraph: string): number {
  return paragraph.match(FENCE)?.length ?? 0;
}

function isProse(paragraph: string): boolean {
  const words = paragraph.match(/\p{L}+/gu)?.length ?? 0;
  return words >= MIN_WORDS && !paragraph.split('\n').some(looksLikeCode);
}

/** Paragraphs and the breaks between them; a paragraph in or around a code fence has no key. */
function piecesOf(text: string): Piece[] {
  let inFence = false;
  return text.split(PARAGRAPH_BREAK).map((part, i) => {
    if (i % 2 === 1) return { text: part, key: null };
    const fences = fenceLines(part);
    const code = inFence || fences > 0;
    if (fences % 2 === 1) inFence = !inFence;
    return { text: part, key: code || !isProse(part) ? null : part.trim().replace(/\s+/g, ' ') };
  });
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
  const later = new Set<string>();
  const out: (string | undefined)[] = new Array(texts.length).fill(undefined);
  for (let i = texts.length - 1; i >= 0; i -= 1) {
    const text = texts[i];
    if (text === undefined) continue;
    const pieces = piecesOf(text);
    if (removable[i] && later.size > 0) out[i] = withoutRepeats(pieces, later);
    for (const p of pieces) if (p.key) later.add(p.key);
  }
  return out;
}

function withoutRepeats(pieces: Piece[], later: Set<string>): string | undefined {
  const kept: string[] = [];
  let dropped = false;
  for (let i = 0; i < pieces.length; i += 2) {
    const paragraph = pieces[i] as Piece;
    if (paragraph.key && later.has(paragraph.key)) {
      dropped = true;
      continue;
    }
    kept.push(paragraph.text);
  }
  if (!dropped) return undefined;
  const text = kept.filter((p) => p.trim() !== '').join('\n\n');
  // All of it is repeated later: the turn still happened, so it keeps its words.
  return text === '' ? undefined : text;
}
