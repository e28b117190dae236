// Removals can take the only word out of an emphasis span ("**really**", "*just*"), leaving its
// markers with nothing between them ("and **** clear"). A reader, or a model, meets stray markers
// that emphasise nothing; they can also join the next span's markers into a different one.
//
// A pair of markers with nothing between them is dropped only when the original text has no such
// pair anywhere: then every one in the output was left by a removal, never written by the user
// (a masked password "****", a thematic break, Python's "2 ** 3" all stay).

// A placeholder (\uE000…\uE001) stands for a word, and a mark the pruner leaves before one
// (\uE003, capitalise next) is not a gap: "**\uE003<deadline> is <Friday>**" is one bold span.
const EMPTIED: readonly RegExp[] = [
  /(?<![*\w\uE000-\uE04F])\*\*[ \t]*\*\*(?![*\w\uE000-\uE04F])([ \t]*)/g,
  /(?<![*\w\uE000-\uE04F])\*[ \t]*\*(?![*\w\uE000-\uE04F])([ \t]*)/g,
  /(?<![_\w\uE000-\uE04F])__[ \t]*__(?![_\w\uE000-\uE04F])([ \t]*)/g,
  /(?<![~\w\uE000-\uE04F])~~[ \t]*~~(?![~\w\uE000-\uE04F])([ \t]*)/g,
];

/** The spaces after a pair stay (tidy folds them into one), except at a line's start. */
function withoutPair(_pair: string, spaces: string, offset: number, whole: string): string {
  return offset === 0 || whole.charCodeAt(offset - 1) === 10 ? '' : spaces;
}

/** `text` with the emphasis pairs that removals emptied taken out; `original` is the text before them. */
export function dropEmptiedEmphasis(text: string, original: string): string {
  let out = text;
  // `search` reads from the start whatever the global pattern's lastIndex.
  for (const pattern of EMPTIED) {
    if (out.search(pattern) < 0 || original.search(pattern) >= 0) continue;
    out = out.replace(pattern, withoutPair);
  }
  return out;
}
