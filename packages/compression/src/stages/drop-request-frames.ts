// "Can you suggest a 3 day itinerary?" asks for what "Suggest a 3 day itinerary?" asks for: the
// frame around the verb of a request is politeness, which the aggressive level drops. Only at the
// start of a sentence and before a plain word (the verb); "Can you be there at 9?" keeps its
// frame, as "be" alone would read as an order, and so does "Would you like...", an offer.
//
// A question asking how, where or what to do says it without its asker: "How can I improve my
// score?" asks what "How to improve my score?" asks, in one token less (decision 070). "Why" and
// "who" are left, as is a "do" whose verb may be "need" or "want" ("What do I need?"), and a "do"
// after "how much/many", which asks a fact, not a way: "How much do I owe?" is not "How much to
// owe?".
import { isSentenceStart } from '../text/sentence-start.ts';

const REQUEST_FRAME =
  /\b(?:can|could|would|will) you (?:please |kindly )?(?!be\b|like\b|mind\b)([a-z]+)\b/gi;

const HOW_TO_FRAME =
  /\b(how|where|when)( long| much| many| often)? (do|can|should) (?:i|we) (?:(even|best) )?(?!need\b|want\b|have\b|know\b|mean\b)([a-z]+)\b|\b(what) (?:can|should) (?:i|we) (?!need\b|want\b|have\b|know\b|mean\b)([a-z]+)\b/gi;

/** "How do noise cancelling headphones work?": "do" only carries the question. */
const QUESTION_DO =
  /\b(how|where|what) (?:do|does) (?!i\b|we\b|you\b|it\b|they\b|not\b)(?=[a-z])/gi;

export function dropRequestFrames(text: string): string {
  return text
    .replace(REQUEST_FRAME, (frame, verb: string, offset: number) =>
      opensSentence(text, frame, offset) ? verb.charAt(0).toUpperCase() + verb.slice(1) : frame,
    )
    .replace(HOW_TO_FRAME, (frame: string, ...groups: unknown[]) => {
      const [wh, measure, auxiliary, adverb, verb, what, whatVerb, offset] = groups as (
        | string
        | undefined
      )[];
      if (!isSentenceStart(text, Number(offset))) return frame;
      if (/^ (much|many)$/i.test(measure ?? '') && auxiliary?.toLowerCase() === 'do') return frame;
      if (what) return `${what} to ${whatVerb}`;
      return `${wh}${measure ?? ''} to ${adverb ? `${adverb} ` : ''}${verb}`;
    })
    .replace(QUESTION_DO, (frame: string, wh: string, offset: number) =>
      isSentenceStart(text, offset) ? `${wh} ` : frame,
    );
}

function opensSentence(text: string, frame: string, offset: number): boolean {
  return isSentenceStart(text, offset) && frame.charAt(0) === frame.charAt(0).toUpperCase();
}
