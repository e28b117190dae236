// Writes a table of WordNet synonym groups (decision 075), one group a line, canonical word
// first, limited to the embedder's vocabulary. Decision 075 measured such tables folded into the
// synonym table (`synonyms.ts`) after the hand-written words; none changed a figure, so none is
// in the product. Usage:
//   node --import tsx eval/cache/build-wordnet-synonyms.ts --out /tmp/wordnet-synonyms.txt \
//     [--rule dominant|first|asym] [--share 0.75] [--min-tags 3] [--part-share 0]
//     [--min-cosine -1] [--vocabulary 50000] [--keep-names] [--dir /usr/share/wordnet]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dot, normalise } from '../../packages/semantic-cache/src/embedding/embedder.ts';
import { createLemmatizer } from '../../packages/semantic-cache/src/embedding/lemmatize.ts';
import { loadWordVectors } from '../../packages/semantic-cache/src/embedding/word-vectors.ts';
import { readWordNet, type Sense } from './wordnet.ts';
import { type GroupRule, synonymGroups } from './wordnet-groups.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    dir: { type: 'string', default: '/usr/share/wordnet' },
    rule: { type: 'string', default: 'dominant' },
    share: { type: 'string', default: '0.75' },
    'min-tags': { type: 'string', default: '3' },
    'part-share': { type: 'string', default: '0' },
    'min-cosine': { type: 'string', default: '-1' },
    vocabulary: { type: 'string', default: '50000' },
    /** Keep words WordNet also writes as a name (the first variants measured did). */
    'keep-names': { type: 'boolean', default: false },
  },
});
if (!values.out) throw new Error('--out <file> is required');
const rule: GroupRule = {
  rule: values.rule as GroupRule['rule'],
  share: Number(values.share),
  minTags: Number(values['min-tags']),
  partShare: Number(values['part-share']),
  minCosine: Number(values['min-cosine']),
};

const vocabulary = loadWordVectors(Number(values.vocabulary));
const baseForm = createLemmatizer(vocabulary.rankOf);
const wordnet = readWordNet(values.dir);
const guarded = guardedWords();
const senses = new Map<string, Sense[]>();
for (const [word, list] of wordnet.senses) {
  if (word.length < 3 || guarded.has(word) || vocabulary.rankOf(word) === undefined) continue;
  // "said" (aforementioned), "men" (workforce), "needs" (inevitably): in a prompt these are
  // forms of another word, and the embedder reads them as that word.
  if (wordnet.inflected.has(word) || baseForm(word) !== word) continue;
  // A name ("Chang", the Yangtze) is a sense the lower-case prompt word rarely has.
  const isName = list.some((sense) => wordnet.names.has(`${sense.synset} ${word}`));
  if (isName && !values['keep-names']) continue;
  senses.set(word, list);
}
const groups = synonymGroups(
  { senses, rank: (word) => vocabulary.rankOf(word) ?? Number.MAX_SAFE_INTEGER, cosine },
  rule,
);
writeFileSync(
  values.out,
  `# WordNet 3.0 synonym groups, canonical first (decision 075): ${JSON.stringify({ ...rule, vocabulary: values.vocabulary, keepNames: values['keep-names'] })}\n${groups.map((group) => group.join(' ')).join('\n')}\n`,
);
const words = groups.reduce((sum, group) => sum + group.length, 0);
console.log(`${groups.length} groups, ${words} words → ${values.out}`);

function cosine(a: string, b: string): number {
  const row = (word: string) => normalise(vocabulary.row(vocabulary.rankOf(word) ?? 0));
  return dot(row(a), row(b));
}

/**
 * Every word a rule or guard names in a string literal (the hand-written synonyms, stop words,
 * the difference check's scope and request words, the date guard's seasons…): those rules must
 * keep seeing the word itself, so WordNet leaves it alone.
 */
function guardedWords(): Set<string> {
  const source = new URL('../../packages/semantic-cache/src/', import.meta.url);
  const files = ['embedding/synonyms.ts', 'embedding/question-tokens.ts', 'embedding/lemmatize.ts'];
  for (const name of readdirSync(new URL('guards/', source))) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(`guards/${name}`);
  }
  const words = new Set<string>();
  for (const file of files) {
    // Comments quote examples ("the next occurrence") that no rule reads.
    const text = readFileSync(new URL(file, source), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    // Quoted strings, and the unquoted keys of the hand-written table ("salary: [...]").
    for (const literal of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|^\s*([a-z]+):/gm)) {
      const found = (literal[1] ?? literal[2] ?? literal[3] ?? '').toLowerCase().match(/[a-z]+/g);
      for (const word of found ?? []) words.add(word);
    }
  }
  return words;
}
