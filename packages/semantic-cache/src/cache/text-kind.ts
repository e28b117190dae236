// Decision 059: around a pasted text both prompts carry, a loaded word that says what the text is
// ("explain this **Rust** compiler error", "document this **Python** class", "summarize the
// following **email**") describes what both prompts share, not the answer wanted. Read as a
// language or format to answer in, it refused rewordings that name the text another way or not at
// all ("rustc gives me this"). A target stays outside the pointer's phrase ("… to **Python**",
// "… in plain **English**", "as five **bullet** points") and is still read.
import { STOPWORDS } from '../embedding/question-tokens.ts';
import { isTextKindWord } from '../guards/word-terms.ts';
import { wordKey } from './shared-text.ts';

/** Words that point at the pasted text; the words after them, up to a function word, name it. */
const POINTERS = new Set('this these following below attached above'.split(' '));
const ANY_POINTER = new RegExp([...POINTERS].join('|'), 'i');
/** Words of a pointer's phrase read at most: "this Teams meeting transcript". */
const PHRASE_MAX = 4;
/**
 * Prepositions the stop-word list lacks: like the ones it holds, each ends the phrase and opens a
 * qualifier of the request ("this agreement **under** Norwegian law"; decision 139).
 */
const PHRASE_ENDS = new Set(
  'under via per without within across after before except against beyond versus vs unlike'.split(
    ' ',
  ),
);

/** The remainder without the loaded words of the phrases that point at the pasted text. */
export function withoutTextKind(remainder: string): string {
  // A word whose key is a pointer has the pointer's ASCII letters in it, in some case: without
  // one, no word needs its key worked out (most remainders; decision 065).
  if (!ANY_POINTER.test(remainder)) return remainder;
  const words = [...remainder.matchAll(/\S+/g)];
  const dropped = new Set<number>();
  for (const [i, word] of words.entries()) {
    if (!POINTERS.has(keyOf(word[0])) || endsClause(word[0])) continue;
    for (let k = i + 1; k <= i + PHRASE_MAX && k < words.length; k++) {
      const raw = words[k]?.[0] ?? '';
      const key = keyOf(raw);
      if (!key || STOPWORDS.has(key) || PHRASE_ENDS.has(key)) break;
      if (isTextKindWord(key)) dropped.add(k);
      if (endsClause(raw)) break;
    }
  }
  if (dropped.size === 0) return remainder;
  let text = '';
  let from = 0;
  for (const k of dropped) {
    const word = words[k];
    if (!word) continue;
    text += remainder.slice(from, word.index);
    from = word.index + word[0].length;
  }
  return text + remainder.slice(from);
}

function keyOf(raw: string): string {
  return wordKey(raw.toLowerCase());
}

/** Punctuation after a word ends the phrase: "this, what does it mean", "this email: …". */
function endsClause(raw: string): boolean {
  return /[,.:;!?)]$/.test(raw);
}
