// The subject of a clause whose verb the pruner keeps (issue 17). The verb after an auxiliary
// always stays ("are now missing", "is empty"), but the unigram count finds its subject as cheap
// as any noun: "I noticed that invoices for customers in Germany are now missing the VAT line"
// became "Noticed that in Germany now missing VAT line", a verb with nobody doing it. Without a
// part-of-speech tagger, positions stand in for roles, as in fact-labels.ts: the subject is the
// noun phrase right before the auxiliary, with the "for/of/in" phrases that qualify it, walked back
// to where the clause opens.
import { SOFT_MODALS } from '../text/word-lists.ts';
import { isLabelWord, type LineTokens, spacesOnly } from './fact-labels.ts';

/** Auxiliaries and copulas: the word before one ends its clause's subject. */
const AUXILIARIES = new Set([
  ...SOFT_MODALS,
  ...'is are was were has have had must should does did'.split(' '),
]);
/**
 * A negated auxiliary: the contraction stage runs first, so "the database does not cache" reaches
 * the pruner as "doesn't" (decision 127).
 */
const NEGATED_AUXILIARY =
  /^(?:do|does|did|is|are|was|were|has|have|had|wo|ca|could|should|would|must|might|need)n['’]t$/;

function isAuxiliary(word: string): boolean {
  return AUXILIARIES.has(word) || NEGATED_AUXILIARY.test(word);
}

/** Prepositions that qualify a subject: "invoices for customers in Germany". */
const QUALIFYING = new Set('of for in on at from with'.split(' '));
const DETERMINERS = new Set(
  'the a an this these those my our your their its his her each every all any some no'.split(' '),
);
/** What opens a subject noun phrase: "the crash rate", "our team". */
const SUBJECT_DETERMINERS = new Set(
  'the this these those my our your their its his her'.split(' '),
);
/** Past forms that do not end in "-ed": "the team grew", "the rate fell". */
const PAST_VERBS = new Set(
  (
    'grew fell rose went came left broke ran began took made gave got sent kept lost found told ' +
    'said sold bought paid spent built wrote drove flew froze hit hurt shut stood stuck won ' +
    'became brought caught fought thought taught meant held led sank shrank split'
  ).split(' '),
);
const REGULAR_PAST = /^[a-z]{3,}ed$/;
/** Adverbs between an auxiliary and its verb: "suddenly", "now", "already". */
export const ADVERB = /^(?:[a-z]{3,}ly|now|still|already|also|just|often|never|not|always)$/;
/** Longest run of content words taken for one noun ("the old billing server"). */
const RUN = 3;
/** Most qualifying phrases walked back through. */
const PHRASES = 3;

/** Indices of the words of the line that are the subject of an auxiliary's clause. */
export function clauseSubjects({ line, starts, ends, lowered }: LineTokens): Set<number> {
  const keep = new Set<number>();
  // Between two words of one clause there is nothing but spaces.
  const joined = (i: number) => spacesOnly(line, ends[i - 1], starts[i]);
  for (let aux = 1; aux < lowered.length; aux += 1) {
    if (!isAuxiliary(lowered[aux] as string) || !joined(aux)) continue;
    keepSubjectBefore(aux);
    keepVerbAfter(aux);
  }
  for (let verb = 2; verb < lowered.length; verb += 1) keepPastClause(verb);
  return keep;

  /**
   * A past verb with no auxiliary, right after a noun phrase its determiner opens: "Our team grew
   * last year and the crash rate fell" lost both subjects and a verb ("Grew crash"). The
   * determiner tells the subject from an object or a compound ("merged changes").
   */
  function keepPastClause(verb: number): void {
    const word = lowered[verb] as string;
    if (!(PAST_VERBS.has(word) || REGULAR_PAST.test(word)) || !joined(verb)) return;
    // A second verb of the same subject, with its object: "finished the review and merged the fix".
    if (lowered[verb - 1] === 'and' && SUBJECT_DETERMINERS.has(lowered[verb + 1] ?? '')) {
      keep.add(verb);
      return;
    }
    let i = verb - 1;
    while (i >= 0 && i >= verb - RUN && isLabelWord(lowered[i]) && joined(i + 1)) i -= 1;
    if (i === verb - 1 || i < 0 || !SUBJECT_DETERMINERS.has(lowered[i] as string) || !joined(i + 1))
      return;
    for (let k = i + 1; k <= verb; k += 1) keep.add(k);
  }

  /**
   * The verb or predicate past an adverb ("were suddenly empty", "has now doubled"): the pruner
   * keeps the word right after an auxiliary, not one an adverb parts from it.
   */
  function keepVerbAfter(aux: number): void {
    let i = aux + 1;
    while (i < lowered.length && ADVERB.test(lowered[i] as string) && joined(i)) i += 1;
    if (i > aux + 1 && i < lowered.length && joined(i) && isLabelWord(lowered[i])) keep.add(i);
  }

  /** Walks back from the auxiliary through noun phrases and the prepositions joining them. */
  function keepSubjectBefore(aux: number): void {
    const phrases: number[][] = [];
    let i = aux - 1;
    while (phrases.length < PHRASES) {
      const run: number[] = [];
      let open = true;
      while (open && i >= 0 && run.length < RUN && (isLabelWord(lowered[i]) || lowered[i] === '')) {
        run.unshift(i);
        open = i > 0 && joined(i);
        i -= 1;
      }
      if (run.length === 0) break;
      phrases.push(run);
      if (!open) break;
      while (i > 0 && DETERMINERS.has(lowered[i] as string) && joined(i)) i -= 1;
      if (i <= 0 || !QUALIFYING.has(lowered[i] as string) || !joined(i)) break;
      i -= 1;
    }
    for (const run of phrases) for (const k of run) if (lowered[k] !== '') keep.add(k);
  }
}
