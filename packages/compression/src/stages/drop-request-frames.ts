// "Can you suggest a 3 day itinerary?" asks for what "Suggest a 3 day itinerary?" asks for: the
// frame around the verb of a request is politeness, which the balanced and aggressive levels drop
// (balanced since decision 183). Only at the start of a sentence and before a plain word (the
// verb); "Can you be there at 9?" keeps its frame, as "be" alone would read as an order, and so
// does "Would you like...", an offer.
//
// A question asking how, where or what to do says it without its asker: "How can I improve my
// score?" asks what "How to improve my score?" asks, in one token less (decision 070). "Why" and
// "who" are left, as is a "do" whose verb may be "need" or "want" ("What do I need?"), and a "do"
// after "how much/many", which asks a fact, not a way: "How much do I owe?" is not "How much to
// owe?".
//
// A request said as a hope or as how welcome it would be says what its verb says (decision 163):
// "I'm hoping you can help me understand a letter" asks what "Help me understand a letter" asks,
// and "If you could suggest an area to stay in, that'd be great." what "Suggest an area to stay
// in." does. Only "help" after a hope: "I hope you can make it" is a wish, not a request.
import { isSentenceStart } from '../text/sentence-start.ts';
import { SENTENCE } from '../text/sentences.ts';

// Not before a word that is no verb ("Can you not use jargon?" is no "Not use jargon?"), nor
// before "really", "actually", "ever", "even" or "possibly", which ask whether it can be done,
// nor before a verb of what the model can perceive, know or hold as an opinion: "Can you read
// Japanese?", "Can you see the image?", "Would you say it is safe?" ask about the model, and
// "Read Japanese?" or "Say it's safe?" would order something else.
// An emphasis marker may open the verb or its adverb: "Could you **carefully** check" (decision
// 231); the marker is part of the captured word, so it stays where it was.
const REQUEST_FRAME =
  /\b(?:can|could|would|will) you (?:please |kindly )?((?:\*{1,2}|_{1,2})?(?!(?:be|like|mind|not|never|still|rather|have|really|actually|ever|even|possibly|say|speak|read|understand|see|hear|access|browse|remember|recall|know|agree|believe|think|feel)\b)[a-z]+)\b/gi;

const HOW_TO_FRAME =
  /\b(how|where|when)( long| much| many| often)? (do|can|should) (?:i|we) (?:(even|best) )?(?!need\b|want\b|have\b|know\b|mean\b)([a-z]+)\b|\b(what) (?:can|should) (?:i|we) (?!need\b|want\b|have\b|know\b|mean\b)([a-z]+)\b/gi;

/** "How do noise cancelling headphones work?": "do" only carries the question. */
const QUESTION_DO =
  /\b(how|where|what) (?:do|does) (?!i\b|we\b|you\b|it\b|they\b|not\b)(?=[a-z])/gi;

const HOPED_HELP =
  /\b(?:(?:I['’]m|I am) hoping|I hope|Hop(?:e|ing))(?: that)? you (?:can|could|will|might)(?: be able to)? (h)(?=elp\b)/g;

/** A sentence opening "If you could ...", the request, with "that would be great" closing it. */
const IF_YOU_COULD = /^(?:(?:also|and|so),? )?if you could (?:please |also )?(?!be\b)(?=[a-z])/i;
const WELCOME_TAIL =
  /,? (?:that|it|this)(?:['’]d| would) be (?:really |very |so |super )?(?:great|amazing|brilliant|helpful|perfect|lovely|wonderful|fantastic|awesome|ideal|appreciated|a (?:big|huge|great) help)(?=[.!]*$)/i;

/** "If you could suggest a hotel, that'd be great." → "Suggest a hotel." */
function unwrapWelcomeRequests(text: string): string {
  if (!/if you could/i.test(text)) return text;
  return text.replace(SENTENCE, (sentence: string, offset: number) => {
    const head = IF_YOU_COULD.exec(sentence);
    const tail = head && isSentenceStart(text, offset) ? WELCOME_TAIL.exec(sentence) : null;
    if (!head || !tail || tail.index <= head[0].length) return sentence;
    const request = sentence.slice(head[0].length, tail.index);
    return (
      request.charAt(0).toUpperCase() +
      request.slice(1) +
      sentence.slice(tail.index + tail[0].length)
    );
  });
}

/**
 * A request frame after a connective that opens the sentence: "Second, could you briefly explain"
 * asks what "Second, briefly explain" asks, "And could you put" what "And put" does (decision
 * 221). Not after "and" inside a sentence: "I took notes and turn them into minutes?" reads as
 * the writer's own doing.
 * Aggressive only: the readability check counts the "could you" gone after a kept word as a
 * dropped auxiliary (decision 183 tried it at balanced).
 */
const CONNECTED_FRAME = new RegExp(
  `\\b((?:and|also|then|second(?:ly)?|third(?:ly)?|finally|lastly|next)(?:,? (?:also|then))?,? )${REQUEST_FRAME.source.slice(2)}`,
  'gi',
);

function dropConnectedFrames(text: string): string {
  return text.replace(
    CONNECTED_FRAME,
    (frame: string, connective: string, verb: string, offset: number, whole: string) =>
      isSentenceStart(whole, offset) && !asksAnAbility(whole, offset + frame.length)
        ? connective + verb
        : frame,
  );
}

/**
 * The request frames go; with `questions`, the asker of a how/where/what question and the frame
 * after a connective too. Balanced drops only the requests that open a sentence (decision 183):
 * "Help me with two things?" still reads as English, "How I find out if" does not.
 */
export function dropRequestFrames(text: string, questions = true): string {
  // Each pass reads where a sentence starts in the string it is given, whose offsets an earlier
  // pass has moved (decision 163).
  const requests = unwrapWelcomeRequests(text)
    .replace(HOPED_HELP, (frame: string, h: string, offset: number, whole: string) =>
      opensSentence(whole, frame, offset) ? h.toUpperCase() : frame,
    )
    .replace(REQUEST_FRAME, (frame: string, verb: string, offset: number, whole: string) =>
      opensSentence(whole, frame, offset) && !asksAnAbility(whole, offset + frame.length)
        ? capitaliseWord(verb)
        : frame,
    );
  return questions ? dropQuestionFrames(dropConnectedFrames(requests)) : requests;
}

function dropQuestionFrames(text: string): string {
  return text
    .replace(HOW_TO_FRAME, (frame: string, ...groups: unknown[]) => {
      const [wh, measure, auxiliary, adverb, verb, what, whatVerb, offset, whole] = groups as (
        | string
        | undefined
      )[];
      if (!isSentenceStart(whole ?? '', Number(offset))) return frame;
      if (/^ (much|many)$/i.test(measure ?? '') && auxiliary?.toLowerCase() === 'do') return frame;
      if (what) return `${what} to ${whatVerb}`;
      return `${wh}${measure ?? ''} to ${adverb ? `${adverb} ` : ''}${verb}`;
    })
    .replace(QUESTION_DO, (frame: string, wh: string, offset: number, whole: string) =>
      isSentenceStart(whole, offset) ? `${wh} ` : frame,
    );
}

/**
 * "Can you run code?", "Could you open PDFs?": a question that ends on one or two bare words after
 * its verb asks what the model can do, not for something done ("Run code?" is an order). A
 * determiner, a pronoun or a number after the verb makes it a request about one thing ("Can you
 * check it?", "Can you open the PDF?"). Keeping such a short frame costs two tokens.
 */
const BARE_ENDING = /^(?: [a-z][\w+#.-]*){1,2}\?/i;
const DETERMINED =
  /\b(?:it|this|that|these|those|the|a|an|my|our|your|their|his|her|its|me|us|them|him|some|any)\b|\d/i;

function asksAnAbility(text: string, afterVerb: number): boolean {
  const rest = BARE_ENDING.exec(text.slice(afterVerb, afterVerb + 64));
  return rest !== null && !DETERMINED.test(rest[0]);
}

/** "check" → "Check", "**carefully" → "**Carefully". */
function capitaliseWord(word: string): string {
  const at = word.search(/[a-z]/i);
  return word.slice(0, at) + word.charAt(at).toUpperCase() + word.slice(at + 1);
}

function opensSentence(text: string, frame: string, offset: number): boolean {
  return isSentenceStart(text, offset) && frame.charAt(0) === frame.charAt(0).toUpperCase();
}
