import { lineAfter, lineBefore } from './text-context.ts';

// Words that put a date next to a number ("Sprint 08-11 to 08-25 2025", "bis 08-25 2025"): ranges,
// planning periods and month names in English, German, French and Spanish (decision 180). Not
// "on" or "au"/"al", which stand before phone numbers as often ("call me on …", "llame al …").
const DATE_WORDS = new Set(
  [
    'to from until till til through thru between since by before after due deadline date',
    'dates dated sprint sprints week weeks wk cw kw month months year quarter period',
    'iteration milestone q1 q2 q3 q4 h1 h2 fy jan january feb february mar march apr',
    'april may jun june jul july aug august sep sept september oct october nov november',
    'dec december bis vom zeitraum termin frist datum seit zwischen woche urlaub januar',
    "februar märz mai juni juli oktober dezember entre jusqu'au période échéance jusqu",
    'semaine janvier février mars avril juin juillet août septembre octobre novembre',
    'décembre desde hasta plazo fecha semana enero febrero marzo abril mayo junio julio',
    'agosto septiembre octubre noviembre diciembre',
  ]
    .join(' ')
    .split(' '),
);
// A neighbour that is itself a day-month, a year or an ISO date ("08-11 and 08-25 2025").
const DATE_TOKEN = /^(?:\d{1,2}[-./]\d{1,2}[-./]?|(?:19|20)\d\d|\d{4}-\d\d-\d\d)$/;
const EDGE_PUNCTUATION = /^[("'«]+|[)"'».,:;!?]+$/g;
const WINDOW = 32;
const WORDS = 4;

function isDateWord(word: string): boolean {
  const bare = word.replace(EDGE_PUNCTUATION, '').toLowerCase();
  return DATE_WORDS.has(bare) || DATE_TOKEN.test(bare);
}

/** True when one of the four words before or after the number (same line) is about dates. */
export function hasDateWordAround(text: string, start: number, end: number): boolean {
  const lineStart = lineBefore(text, start, WINDOW);
  const before = lineStart.split(/\s+/).filter(Boolean);
  // A window cut by its size (not by a line break, which leaves it shorter) may hold only the end
  // of its first word.
  const cutBefore = lineStart.length === WINDOW && start > WINDOW;
  if (cutBefore && !/\s/.test(text.charAt(start - WINDOW - 1))) before.shift();
  const lineEnd = lineAfter(text, end, WINDOW);
  const after = lineEnd.split(/\s+/).filter(Boolean);
  const cutAfter = lineEnd.length === WINDOW && end + WINDOW < text.length;
  if (cutAfter && !/\s/.test(text.charAt(end + WINDOW))) after.pop();
  return before.slice(-WORDS).some(isDateWord) || after.slice(0, WORDS).some(isDateWord);
}
