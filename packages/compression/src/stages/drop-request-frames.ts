// "Can you suggest a 3 day itinerary?" asks for what "Suggest a 3 day itinerary?" asks for: the
// frame around the verb of a request is politeness, which the aggressive level drops. Only at the
// start of a sentence and before a plain word (the verb); "Can you be there at 9?" keeps its
// frame, as "be" alone would read as an order, and so does "Would you like...", an offer.
import { isSentenceStart } from '../text/sentence-start.ts';

const REQUEST_FRAME =
  /\b(?:can|could|would|will) you (?:please |kindly )?(?!be\b|like\b|mind\b)([a-z]+)\b/gi;

export function dropRequestFrames(text: string): string {
  return text.replace(REQUEST_FRAME, (frame, verb: string, offset: number) =>
    isSentenceStart(text, offset) && frame.charAt(0) === frame.charAt(0).toUpperCase()
      ? verb.charAt(0).toUpperCase() + verb.slice(1)
      : frame,
  );
}
