// How the writer feels, said as a clause that ends there: "Help me with this because I'm
// honestly a bit rattled." asks what "Help me with this." asks (decision 221). Balanced and
// aggressive only, and only where the feeling cannot be what the message is about: "I snapped at
// my son and I'm panicking. How do I apologise?" asks about the feeling as much as the son, so a
// message that asks for advice, an apology, a way to cope, deal, tell or say, mentions someone
// close, health, or asks what the writer should do keeps it (review of decision 221). Better a
// feeling kept than a question that no longer says what it is about.
//
// "I feel awful/bad/terrible" never goes: it may be a symptom ("I feel terrible. Is it the
// flu?"), and with "about it" it points back at what the message is about.

const INTENSIFIERS =
  '(?:so|very|really|honestly|a bit|a little|quite|pretty|totally|completely|kind of|sort of|kinda|sorta|seriously|super|just) +';
const INTENSIFIER = `(?:${INTENSIFIERS})*`;
const STATE =
  '(?:rattled|panicking|panicked|stressed(?: +out)?|freaking +out|in +a +(?:bit +of +a +)?panic|overwhelmed)';
/** Being lost is a feeling too: "I have no idea what I'm doing" (decision 231). */
const LOST =
  "i(?: +have|['’]ve(?: +got)?) +(?:absolutely +|literally +)?no +idea +what +i(?:['’]m| +am) +doing";
const FEELING = `\\b(?:i(?:['’]m| +am) +${INTENSIFIER}${STATE}|${LOST})`;
/** Where the clause must end: a "lol" at most, then punctuation or the end of the text. */
const ENDS = '(?: +(?:lol|lmao|haha))*(?=[.!,;]|$)';

/**
 * After a comma or a connective inside the sentence: the connective goes with it. Not after
 * "but": "I know the material but I'm panicking" says where the trouble is.
 */
const AFTER_COMMA_OR_CONNECTIVE = new RegExp(
  `(?:[,;]|\\s+(?:because|as|since|and))\\s+${FEELING}${ENDS}`,
  'gi',
);
/** A sentence of its own ("I'm so stressed."), with its punctuation and the space after it. */
const OWN_SENTENCE = new RegExp(`(^|[.!?]\\s+|\\n)${FEELING}${ENDS}[.!]*[ \\t]*`, 'gi');
const ANY_FEELING = new RegExp(FEELING, 'gi');
/**
 * The intensifiers of a feeling that stays ("I'm so stressed about the deadline" → "I'm stressed
 * about the deadline"): the pruner kept them when it took the rest ("So deadline."; decision
 * 231). At least one, so a plain "I'm stressed" is not rewritten.
 */
const INTENSIFIED = new RegExp(`(\\bi(?:['’]m| +am) +)(?:${INTENSIFIERS})+(?=${STATE})`, 'gi');
const HAS_FEELING = new RegExp(FEELING, 'i');

/**
 * What makes the feeling possibly the subject of the message. Each list errs on keeping: a word
 * here costs the few tokens of a feeling, a word missing can cost the point of the question.
 */
const FEELING_MAY_MATTER = new RegExp(
  [
    // Advice, apology, coping, what to tell or say. Not "Apologies from Graham", which minutes
    // write for who could not come (decision 240).
    'advice|advise|tips?|suggest\\w*|recommend\\w*|plans?|options|ideas|next steps|what to do|what would you|apolog\\w*\\b(?! +(?:from|received)\\b)|sorry|forgive\\w*|amends|make (?:it )?up|cope|coping|deal with|handle|get over|calm\\w*|relax\\w*|reassur\\w*|comfort\\w*',
    // Feelings named again, and what a feeling is about.
    'feel\\w*|emotion\\w*|mood|nerv\\w*|anxi\\w*|worr\\w*|stress\\w*|panic\\w*|upset|sad|angry|anger|cry\\w*|guilt\\w*|ashamed|embarrass\\w*|scared|afraid|fear\\w*|lonely|therap\\w*|counsel\\w*|mental',
    // Health.
    'health\\w*|doctor|gp|nurse|hospital|sick|ill|illness|pain\\w*|ache\\w*|hurt\\w*|symptoms?|sleep\\w*|insomnia|tired|exhaust\\w*|breath\\w*|heart|chest|medic\\w*|pills?|dose|pregnan\\w*|normal|burn ?out',
    // Someone close, or the writer's own words to someone.
    'son|daughter|kids?|child(?:ren)?|baby|mum|mom|mother|dad|father|parents?|wife|husband|partner|boyfriend|girlfriend|ex|friends?|family|sister|brother|boss|manager|colleagues?|co-?workers?|team ?mates?|teacher|neighbou?rs?|landlord|flatmates?|roommates?|relationship\\w*',
    'letter|note|e-?mail|message|text (?:to|for)|a text|reply|respond|speech|toast|card|post|tell|say|talk\\w*|speak',
    // The writer asking what to do: "should I", "how do I", "whether", "is it ok".
    '(?:should|shall|do|can|could|would|must|may|might|will|am|did|if) +i|how +(?:to|i)|whether|what +(?:now|next)|is +(?:it|this|that) +(?:ok|okay|fine|wrong|bad|normal)',
  ]
    .map((words) => `\\b(?:${words})\\b`)
    .join('|'),
  'i',
);

function feelingMayMatter(text: string): boolean {
  return FEELING_MAY_MATTER.test(text.replace(ANY_FEELING, ''));
}

export function dropWritersFeeling(text: string): string {
  if (!HAS_FEELING.test(text)) return text;
  // Where the message may be about the feeling, so may its degree ("a bit rattled").
  if (feelingMayMatter(text)) return text;
  return text
    .replace(AFTER_COMMA_OR_CONNECTIVE, '')
    .replace(OWN_SENTENCE, '$1')
    .replace(INTENSIFIED, '$1');
}
