import type { RequestText } from '../read-request.ts';
import type { Signal } from '../types.ts';
import { CUTOFFS, WEIGHTS } from '../weights.ts';
import { firstMatch, type WordSignal } from './word-signal.ts';

// What the user asks the model to do, read from the instruction parts of the request. Each kind
// counts once however often its words appear, so repeating 'compare' does not inflate the score.
const KINDS: WordSignal[] = [
  {
    reason: 'asks for a proof',
    atLeastMedium: true,
    weight: 'proof',
    pattern: /\b(?:prove|proof|show that|derive|derivation)\b/i,
  },
  {
    reason: 'asks for step-by-step reasoning',
    atLeastMedium: true,
    weight: 'stepByStep',
    pattern:
      /\bstep[- ]by[- ]step\b|\bthink (?:it |this )?through\b|\bwalk (?:me |us )?through\b|\bshow (?:your|the|all) (?:work|steps|calculation)\b|\bjustify\b|\brigorous(?:ly)?\b|\bwork through\b/i,
  },
  {
    reason: 'asks for analysis or comparison',
    atLeastMedium: true,
    weight: 'analysis',
    pattern:
      /\banaly[sz](?:e|es|is|ing)\b|\bcompar(?:e|es|ing|ison)\b|\btrade-?offs?\b|\bpros and cons\b|\bevaluat(?:e|es|ing|ion)\b|\bcritiqu\w*|\bcritically\b|\bassess\b|\breconcile\b|\bcontradict\w*|\brisks?\b|\bargu(?:e|ment|ments)\b|\bevidence\b|\b(?:each|either|both) sides?\b|\bstrongest case\b/i,
  },
  {
    reason: 'asks for a design or plan',
    atLeastMedium: true,
    weight: 'design',
    pattern:
      /\bdesign(?:s|ing)?\b|\barchitect(?:ure|ures|ing)?\b|\bmigrat(?:e|ion|ing)\b|\broadmap\b|\bstrategy\b|\bplan\b|\bredesign\b/i,
  },
  {
    reason: 'asks to debug',
    atLeastMedium: true,
    weight: 'debug',
    pattern:
      /\bdebug(?:ging)?\b|\broot cause\b|\bcrash(?:es|ed|ing)?\b|\bbug\b|\bintermittent\w*|\bsegfault\b|\bfail(?:s|ing)?\b|\bwhat(?:'s| is) (?:going on|wrong|happening)\b/i,
  },
  {
    reason: 'asks for an explanation',
    weight: 'explanation',
    pattern:
      /\bexplain\w*\b|\bhow (?:does|do|did) [^.?!\n]{1,80}\bwork\b|\bwhy (?:is|are|does|do|did|would)\b/i,
  },
  {
    reason: 'asks for a detailed answer',
    weight: 'detailed',
    pattern:
      /\bcomprehensive\b|\bin[- ]depth\b|\bdetailed\b|\bin detail\b|\bthorough(?:ly)?\b|\bexhaustive\b/i,
  },
  {
    reason: 'asks for a short answer',
    weight: 'shortAnswer',
    pattern:
      /\bbriefly\b|\bshort answer\b|\bkeep it (?:short|brief)\b|\bin (?:a|one) (?:sentence|line|word)\b|\bone[- ]liner?\b|\bjust (?:yes or no|the answer|a number)\b|\btl;?dr\b/i,
  },
  {
    reason: 'asks only to transform text',
    weight: 'transform',
    pattern:
      /\bsummar(?:y|ise|ize|ising|izing)\b|\btranslat(?:e|ion)\b|\bproofread\b|\bparaphrase\b|\bfix (?:the )?(?:grammar|spelling|typos)\b|\bextract\b/i,
  },
];

// Commas, semicolons and 'and' between requirements: 'cover ID generation, storage, caching,
// analytics and failover' asks for five things at once.
const REQUIREMENT_SEPARATOR = /[,;]|\band\b/gi;

export function detectInstructions(text: RequestText): Signal[] {
  const signals = KINDS.map((kind) => firstMatch(kind, text.instructions)).filter(
    (s) => s !== null,
  );
  const parts = (text.lastUser.match(REQUIREMENT_SEPARATOR)?.length ?? 0) + 1;
  if (parts >= CUTOFFS.MANY_PARTS_FROM) {
    signals.push({ reason: `${parts}-part request`, weight: WEIGHTS.manyParts });
  }
  return signals;
}
