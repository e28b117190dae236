import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

// Users paste text such as '<|endoftext|>'; count it as ordinary text instead of throwing.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// The byte-pair merge takes time quadratic in the length of one unbroken run, so a 100k-character
// run without spaces (base64, minified data, a hostile request) would block the event loop for
// seconds. Runs longer than MAX_RUN are counted in slices; the count may then be off by about one
// token per slice, and only for such runs.
const MAX_RUN = 256;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}|\\s{${MAX_RUN + 1},}`, 'g');

/** Tokens of `text` in o200k_base, the encoding of current OpenAI models. */
export function countPromptTokens(text: string): number {
  let total = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    total += countPlain(text.slice(from, run.index));
    for (let i = 0; i < run[0].length; i += MAX_RUN)
      total += countPlain(run[0].slice(i, i + MAX_RUN));
    from = run.index + run[0].length;
  }
  return total + countPlain(text.slice(from));
}

function countPlain(text: string): number {
  return text.length === 0 ? 0 : countTokens(text, PLAIN_TEXT);
}
