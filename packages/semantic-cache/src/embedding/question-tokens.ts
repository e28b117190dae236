// Turns a question into the tokens that carry its meaning. Users ask the same thing with and
// without "please", "could you tell me" or "what's the way to"; those words change nothing about
// the answer, so they are dropped here instead of being left to dilute the vector.

import { PhraseIndex } from './phrase-index.ts';

/**
 * Each contraction with the letters after its apostrophe in every match: a pass whose apostrophe
 * and letters are not in the text as it then stands would change nothing.
 */
const CONTRACTIONS = (
  [
    [/\bcan['’]t\b/g, 'can not', 't'],
    [/\bwon['’]t\b/g, 'will not', 't'],
    [/\bshan['’]t\b/g, 'shall not', 't'],
    [/n['’]t\b/g, ' not', 't'],
    [/['’]re\b/g, ' are', 're'],
    [/['’]m\b/g, ' am', 'm'],
    [/['’]ll\b/g, ' will', 'll'],
    [/['’]ve\b/g, ' have', 've'],
    [/['’]d\b/g, ' would', 'd'],
    [/['’]s\b/g, '', 's'],
  ] as const
).map(([pattern, replacement, after]) => ({
  pattern,
  replacement,
  needles: [`'${after}`, `’${after}`] as const,
}));

const APOSTROPHE = /['’]/;

/** Polite or framing word sequences that never change what is being asked. */
const FILLER_PHRASES: string[][] = [
  'i would like to know',
  'i want to know',
  'i need to know',
  'i was wondering',
  'i wonder',
  'do you know',
  'let me know',
  'can you tell me',
  'could you tell me',
  'would you tell me',
  'please tell me',
  'can you help me',
  'could you help me',
  'help me',
  'can you',
  'could you',
  'would you',
  'will you',
  'tell me',
  // Longest first: "thank you so much in advance" would otherwise leave "so much in advance".
  'thank you so much in advance',
  'thanks so much in advance',
  'thank you very much in advance',
  'thanks a lot in advance',
  'thank you in advance',
  'thanks in advance',
  'thank you so much',
  'thank you very much',
  'thanks so much',
  'thanks a lot',
  'many thanks',
  'thank you',
  'thanks',
  'please',
  'kindly',
  'quick question',
  'any idea',
  'hi',
  'hello',
  'hey',
  // Hedging adverbs go before lemmatising ("exactly" would become "exact").
  'exactly',
  'precisely',
  'really',
  'actually',
  'basically',
  'simply',
  'currently',
].map((phrase) => phrase.split(' '));

/**
 * Question frames and hedges that ask for the same thing ("how do I", "what's the best way to",
 * "any tips for", "what's the command to"). Base forms: they are compared after lemmatising.
 */
const FRAME_WORDS = new Set([
  'way',
  'best',
  'good',
  'better',
  'ideal',
  'main',
  'command',
  'happen',
  'something',
  'anything',
  'everything',
  'every',
  'simplest',
  'easiest',
  'proper',
  'correct',
  'right',
  'step',
  'tip',
  'explain',
  'show',
  'give',
  'get',
  'know',
  'want',
  'need',
  'possible',
  'able',
  'some',
  'any',
  'there',
]);

/** Function words: the SIF weights already make them small, dropping them also keeps them out of the lexical features. */
export const STOPWORDS = new Set(
  (
    'a an the and or but if then so than that this these those there here of to in on at by for with ' +
    'from into onto about as is are was were be been being am do does did doing done have has had ' +
    'having i me my mine myself we us our you your yours he him his she her it its they them their ' +
    'what which who whom whose how can could would should will shall may might must also just very ' +
    'too really actually up out over again some such own same other only each all both more most ' +
    'one use using used make making go going s t'
  ).split(' '),
);

/**
 * Words that decide what kind of answer is wanted; they stay in the lexical features even though
 * some are frequent. Negations stay too so that "works" and "does not work" are not identical.
 */
export const KEPT_FUNCTION_WORDS = new Set([
  'why',
  'when',
  'where',
  'not',
  'no',
  'never',
  'without',
  'versus',
  'vs',
]);

// Marks belong to their word: Devanagari, Thai or Arabic vowel signs and viramas are not letters.
const WORD = /\d+(?:[.,]\d+)*|[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * Texts tokenised lately. A lookup tokenises its question for the embedding, then again for its
 * content words (and for the negation guard when a candidate is near): each text once instead
 * (decision 046). Shared results are read only.
 */
const RECENT_TEXTS = 4;
const recentTexts: string[] = [];
const recentTokens: (readonly string[])[] = [];

/** Lower-cased word tokens with contractions expanded and filler phrases removed. */
export function questionTokens(text: string): readonly string[] {
  const at = recentTexts.indexOf(text);
  if (at >= 0) return recentTokens[at] ?? [];
  const tokens = tokenise(text);
  if (recentTexts.length >= RECENT_TEXTS) {
    recentTexts.shift();
    recentTokens.shift();
  }
  recentTexts.push(text);
  recentTokens.push(tokens);
  return tokens;
}

function tokenise(text: string): readonly string[] {
  let normalised = text.normalize('NFKC').toLowerCase();
  // A pass whose character is absent would change nothing: most prompts skip these three.
  if (normalised.includes('%')) normalised = normalised.replace(/%/g, ' percent ');
  if (normalised.includes('$')) normalised = normalised.replace(/\$/g, ' dollar ');
  if (normalised.includes('&')) normalised = normalised.replace(/&/g, ' and ');
  normalised = normalised
    .replace(/(\d)\s*[x×]\s*(\d)/g, '$1 by $2')
    .replace(/\b(\d+)(?:st|nd|rd|th)\b/g, '$1');
  // Every contraction has an apostrophe: most prompts skip the ten passes.
  if (APOSTROPHE.test(normalised))
    for (const { pattern, replacement, needles } of CONTRACTIONS) {
      if (normalised.includes(needles[0]) || normalised.includes(needles[1]))
        normalised = normalised.replace(pattern, replacement);
    }
  const tokens = normalised.match(WORD) ?? [];
  // Only a number token holds a comma ("1,000"), and only when the text does.
  return removeFiller(
    normalised.includes(',')
      ? tokens.map((token) => (token.includes(',') ? token.replace(/,/g, '') : token))
      : tokens,
  );
}

/** The tokens that carry meaning: no function words or question frames, negations and wh-words kept. */
export function contentTokens(tokens: readonly string[]): string[] {
  return tokens.filter(isContentToken);
}

export function isContentToken(token: string): boolean {
  return KEPT_FUNCTION_WORDS.has(token) || (!STOPWORDS.has(token) && !FRAME_WORDS.has(token));
}

const FILLER = new PhraseIndex(FILLER_PHRASES, (words) => words);

/** The tokens without filler phrases: copied only from the first phrase, as most prompts hold none. */
function removeFiller(tokens: string[]): string[] {
  let out: string[] | undefined;
  let i = 0;
  while (i < tokens.length) {
    const phrase = FILLER.at(tokens, i);
    if (phrase) {
      out ??= tokens.slice(0, i);
      i += phrase.length;
      continue;
    }
    out?.push(tokens[i] ?? '');
    i++;
  }
  return out ?? tokens;
}
