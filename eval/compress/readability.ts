// The readability check (issue 17: "no dangling prepositions or pronouns at conservative and
// balanced"), written from the source and the compressed text only, not from the compressor's
// rules. The compressed words are aligned to the source words (longest common subsequence, on
// lower-case words with contractions opened, so "you're" reads as "you are"); a run of source
// words with no counterpart is a dropped run. Within one sentence (. ! ? ; : or a line break
// ends one), a phrase reads broken when:
//
// - dropped-preposition: a dropped run made only of grammar words (articles, determiners,
//   pronouns, forms of "be", prepositions, "that", "and") holds a preposition that is followed in
//   the run by nothing but articles, determiners and possessives, with a kept word right before
//   the run and right after it: the preposition's object stayed and now hangs on the word before
//   ("respond with care" → "respond care", "in the morning" → "meet morning"). A whole
//   preposition phrase gone ("summarize it for me" → "summarize it") is not broken.
// - dropped-pronoun: a personal pronoun dropped in a run of grammar words where either the word
//   before it is a kept preposition ("the text for me" → "the text for"), or it is a subject form
//   with a kept word after the run ("it is 1,800 words" → "1,800 words"), or it opens the run
//   right after a kept word ("telling her that" → "telling that", "restart it." → "restart.").
// - dropped-auxiliary: a dropped run of grammar words holds an auxiliary or copula ("is", "has",
//   "will", "can"...), with a kept word right before the run and right after it: the subject now
//   runs into its verb, participle or predicate ("who is returning" → "who returning", "has been
//   parking" → "been parking", "Here are notes" → "Here notes"). Checked after the pronoun rule,
//   so "it is 1,800 words" → "1,800 words" counts once.
// - orphaned-label: a label of one to four words ending in ":" at a line start ("CONFIDENTIALITY
//   NOTICE:") kept while all it introduces (the rest of its line, or the lines under it up to a
//   blank line) was dropped.
// - orphaned-options: answer options on their own ("Yes No", "Yes / No") kept while the question
//   before them was dropped ("Was this article helpful?").
export type BrokenRule =
  | 'dropped-preposition'
  | 'dropped-pronoun'
  | 'dropped-auxiliary'
  | 'orphaned-label'
  | 'orphaned-options';

export const BROKEN_RULES: readonly BrokenRule[] = [
  'dropped-preposition',
  'dropped-pronoun',
  'dropped-auxiliary',
  'orphaned-label',
  'orphaned-options',
];

export interface BrokenPhrase {
  rule: BrokenRule;
  /** The source words around the break, the dropped ones in [brackets]. */
  source: string;
}

const set = (list: string) => new Set(list.split(' '));

const PREPOSITIONS = set(
  'of in on for about as with at to by from into onto upon over under between within around per ' +
    'below above after before until through during without toward towards across behind beside ' +
    'against among along via',
);
const ARTICLES_AND_DETERMINERS = set(
  'the a an this these those that my our your his her its their some any each',
);
const SUBJECT_PRONOUNS = set('i we you he she they it');
const PERSONAL_PRONOUNS = set('i me we us you he him she her they them it');
/** Auxiliaries and copulas: each ties a subject to the verb or predicate after it. */
const AUXILIARIES = set(
  'is are was were am be been being has have had do does did will would can could should may ' +
    'might must',
);
const GRAMMAR_WORDS = new Set([
  ...PREPOSITIONS,
  ...ARTICLES_AND_DETERMINERS,
  ...PERSONAL_PRONOUNS,
  ...set('is are was were am be been being and also quite rather somewhat fairly'),
]);

export interface Word {
  text: string;
  /** Index of the sentence (or line) the word belongs to. */
  sentence: number;
  /** Written with a capital (the task check tells a sentence from a wrapped line by it). */
  capitalised: boolean;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** "you're" → "you are", "don't" → "do not": both sides are compared with contractions open. */
function openContraction(word: string): string[] {
  const w = word.toLowerCase().replace(/’/g, "'");
  if (w === "can't" || w === 'cannot') return ['can', 'not'];
  if (w === "won't") return ['will', 'not'];
  if (w === "let's") return ['let', 'us'];
  const m = /^(.+?)(n't|'re|'m|'ll|'ve|'d)$/.exec(w);
  if (m) {
    const tail = {
      "n't": 'not',
      "'re": 'are',
      "'m": 'am',
      "'ll": 'will',
      "'ve": 'have',
      "'d": 'would',
    };
    return [m[1] as string, tail[m[2] as keyof typeof tail]];
  }
  if (/^(it|that|there|what|here|he|she|who)'s$/.test(w)) return [w.slice(0, -2), 'is'];
  return [w];
}

/** The text's words, lower case with contractions opened, each with the index of its sentence. */
export function wordsBySentence(text: string): Word[] {
  const out: Word[] = [];
  let sentence = 0;
  let from = 0;
  for (const m of text.matchAll(WORD)) {
    const gap = text.slice(from, m.index);
    if (/[\n.!?;:]/.test(gap)) sentence += 1;
    const capitalised = /^\p{Lu}/u.test(m[0]);
    for (const part of openContraction(m[0])) out.push({ text: part, sentence, capitalised });
    from = m.index + m[0].length;
  }
  return out;
}

/** Which source words have a counterpart in the output (longest common subsequence). */
export function keptWords(source: string[], output: string[]): boolean[] {
  const kept = new Array<boolean>(source.length).fill(false);
  let head = 0;
  while (head < source.length && head < output.length && source[head] === output[head]) {
    kept[head] = true;
    head += 1;
  }
  let tail = 0;
  while (
    tail < source.length - head &&
    tail < output.length - head &&
    source[source.length - 1 - tail] === output[output.length - 1 - tail]
  ) {
    kept[source.length - 1 - tail] = true;
    tail += 1;
  }
  const a = source.slice(head, source.length - tail);
  const b = output.slice(head, output.length - tail);
  const width = b.length + 1;
  // lcs[i][j]: longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    // An output word that could also be a later source word is aligned where its neighbour
    // follows it too: "[I hope it's ok to ask this here.] I'm a freelance" keeps the second "I",
    // not the first with "am" found a sentence later (decision 074).
    const isolated =
      a[i] === b[j] &&
      a[i + 1] !== b[j + 1] &&
      (lcs[(i + 1) * width + j] as number) === (lcs[i * width + j] as number);
    if (a[i] === b[j] && !isolated) {
      kept[head + i] = true;
      i += 1;
      j += 1;
    } else if ((lcs[(i + 1) * width + j] as number) >= (lcs[i * width + j + 1] as number)) i += 1;
    else j += 1;
  }
  return kept;
}

function quote(src: Word[], kept: boolean[], from: number, to: number): string {
  const lo = Math.max(0, from - 3);
  const hi = Math.min(src.length, to + 3);
  const out: string[] = [];
  for (let k = lo; k < hi; k += 1) {
    const w = src[k] as Word;
    out.push(kept[k] ? w.text : `[${w.text}]`);
  }
  return out.join(' ').replace(/\] \[/g, ' ');
}

/** Every broken phrase of one compressed text against its source. */
export function findBrokenPhrases(sourceText: string, outputText: string): BrokenPhrase[] {
  const src = wordsBySentence(sourceText);
  const kept = keptWords(
    src.map((w) => w.text),
    wordsBySentence(outputText).map((w) => w.text),
  );
  const broken: BrokenPhrase[] = [];
  const report = (rule: BrokenRule, from: number, to: number) =>
    broken.push({ rule, source: quote(src, kept, from, to) });
  const sameSentence = (a: number, b: number) =>
    a >= 0 && b < src.length && src[a]?.sentence === src[b]?.sentence;

  for (let start = 0; start < src.length; start += 1) {
    if (kept[start] || (start > 0 && !kept[start - 1] && sameSentence(start - 1, start))) continue;
    // A dropped run inside one sentence: src[start, end).
    let end = start;
    while (end < src.length && !kept[end] && sameSentence(start, end)) end += 1;
    const run = src.slice(start, end).map((w) => w.text);
    const keptBefore = sameSentence(start - 1, start) && kept[start - 1];
    const keptAfter = sameSentence(start, end) && kept[end];
    // The auxiliary rule reads runs with any auxiliary ("[have] moved"); the others only runs of
    // the grammar words they were written for ("[Could you] summarize" is a request frame gone).
    if (!run.every((w) => GRAMMAR_WORDS.has(w))) {
      if (
        keptBefore &&
        keptAfter &&
        run.every((w) => GRAMMAR_WORDS.has(w) || AUXILIARIES.has(w)) &&
        run.some((w) => AUXILIARIES.has(w))
      )
        report('dropped-auxiliary', start, end);
      continue;
    }
    const lastPreposition = run.findLastIndex((w) => PREPOSITIONS.has(w));
    if (
      keptBefore &&
      keptAfter &&
      lastPreposition >= 0 &&
      run.slice(lastPreposition + 1).every((w) => ARTICLES_AND_DETERMINERS.has(w))
    ) {
      report('dropped-preposition', start, end);
      continue;
    }
    const pronoun = run.findIndex((w) => PERSONAL_PRONOUNS.has(w));
    if (pronoun >= 0) {
      const pronounWord = run[pronoun] as string;
      const danglingPreposition =
        pronoun === 0 && keptBefore && PREPOSITIONS.has(src[start - 1]?.text ?? '');
      const droppedSubject = SUBJECT_PRONOUNS.has(pronounWord) && keptAfter;
      const droppedObject = pronoun === 0 && keptBefore;
      if (danglingPreposition || droppedSubject || droppedObject) {
        report('dropped-pronoun', start, end);
        continue;
      }
    }
    if (keptBefore && keptAfter && run.some((w) => AUXILIARIES.has(w)))
      report('dropped-auxiliary', start, end);
  }

  for (const label of orphanedLabels(sourceText, outputText))
    broken.push({ rule: 'orphaned-label', source: label });
  for (const options of orphanedOptions(sourceText, outputText))
    broken.push({ rule: 'orphaned-options', source: options });
  return broken;
}

const LABEL_LINE = /^[\p{L}][\p{L}'’-]*(?: [\p{L}][\p{L}'’-]*){0,3}:$/u;
const OPTIONS_LINE = /^(?:yes|no|maybe)(?:[ /|]+(?:yes|no|maybe))*\.?$/i;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Output lines that are a label alone ("CONFIDENTIALITY NOTICE:") where the source gave it text:
 * on its own line (every source copy has words after it), or under it (the output's next line is
 * blank or the end, the source's was not). Read on the lines, not the word alignment: a label
 * repeated in the source (a chunk retrieved twice) must not be matched to the wrong copy.
 */
function orphanedLabels(sourceText: string, outputText: string): string[] {
  const out = outputText.split('\n');
  const found: string[] = [];
  out.forEach((line, i) => {
    const label = line.trim();
    if (!LABEL_LINE.test(label)) return;
    const inSource = [
      ...sourceText.matchAll(new RegExp(`^[ \\t]*${escapeRegex(label)}(.*)(\\n(.*))?`, 'gm')),
    ];
    if (inSource.length === 0) return;
    const textAfter = inSource.every((m) => (m[1] ?? '').trim() !== '');
    const textUnder =
      (out[i + 1] ?? '').trim() === '' && inSource.every((m) => (m[3] ?? '').trim() !== '');
    if (textAfter || textUnder) found.push(label);
  });
  return found;
}

/**
 * Output lines made only of answer options ("Yes No") whose question went: the line before them
 * (past other option lines) does not ask anything, while in the source a question preceded them.
 */
function orphanedOptions(sourceText: string, outputText: string): string[] {
  const out = outputText.split('\n');
  const found: string[] = [];
  out.forEach((line, i) => {
    const options = line.trim();
    if (!OPTIONS_LINE.test(options)) return;
    let before = i - 1;
    while (
      before >= 0 &&
      (OPTIONS_LINE.test(out[before]?.trim() ?? '') || out[before]?.trim() === '')
    )
      before -= 1;
    if (/[?:]$/.test(out[before]?.trim() ?? '')) return;
    const asked = new RegExp(
      `\\?[ \\t]*(?:\\n[ \\t]*(?:(?:yes|no|maybe)\\.?)?[ \\t]*)*${escapeRegex(options)}`,
      'i',
    );
    if (asked.test(sourceText)) found.push(options);
  });
  return found;
}
