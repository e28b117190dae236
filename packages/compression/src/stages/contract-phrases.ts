// Balanced level, after pruning: a pronoun or auxiliary followed by "is", "are", "not"... becomes
// its contraction ("it is" → "it's", "was not" → "wasn't"), one token instead of two with the same
// meaning. Negations in protected sentences are placeholders and stay as written.
const CONTRACTIONS: [string, string][] = [
  ['it is', "it's"],
  ['that is', "that's"],
  ['there is', "there's"],
  ['what is', "what's"],
  ['here is', "here's"],
  ['let us', "let's"],
  ['you are', "you're"],
  ['we are', "we're"],
  ['they are', "they're"],
  ['i am', "I'm"],
  ['you will', "you'll"],
  ['we will', "we'll"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['was not', "wasn't"],
  ['were not', "weren't"],
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['did not', "didn't"],
  ['will not', "won't"],
  ['could not', "couldn't"],
  ['should not', "shouldn't"],
  ['would not', "wouldn't"],
  ['has not', "hasn't"],
  ['have not', "haven't"],
];

const BY_PHRASE = new Map(CONTRACTIONS);
const PHRASE = new RegExp(
  `\\b(?:${CONTRACTIONS.map(([p]) => p.replace(' ', ' +')).join('|')})\\b(?!['’])`,
  'gi',
);

/**
 * "it's", "we're" or "I'm" cannot end a clause: "Here it is:" is not "Here it's:". A negative can
 * ("it is not." → "it isn't.").
 */
const ENDS_CLAUSE = /^\s*(?:[^\s\p{L}\p{N}\uE000]|$)/u;

export function contractPhrases(text: string): string {
  return text.replace(PHRASE, (match: string, offset: number) => {
    const contracted = BY_PHRASE.get(match.toLowerCase().replace(/ +/, ' '));
    if (!contracted) return match;
    if (!contracted.endsWith("n't") && ENDS_CLAUSE.test(text.slice(offset + match.length)))
      return match;
    return /^[A-Z]/.test(match)
      ? contracted.charAt(0).toUpperCase() + contracted.slice(1)
      : contracted;
  });
}
