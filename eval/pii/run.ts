// `npm run eval:pii`: scores the detector on the labelled set in eval/data/pii/sentences.jsonl
// (regenerate it with `npm run eval:pii -- --regenerate`), writes eval/results/pii.json, prints
// a table and exits non-zero when the bar from issue 5 is missed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_KINDS_PII_CONFIG, detectPii, PII_KINDS, type PiiKind } from '@tokenwise/pii';
import { buildSentences, SEED } from './build-sentences.ts';
import type { LabelledSentence } from './labelled-text.ts';
import { scoreByKind } from './score.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataFile = join(root, 'eval', 'data', 'pii', 'sentences.jsonl');
const resultFile = join(root, 'eval', 'results', 'pii.json');

const BAR: { kind: PiiKind; precision: number; recall: number }[] = [
  { kind: 'email', precision: 0.99, recall: 0.99 },
  { kind: 'ssn', precision: 0.99, recall: 0.99 },
  { kind: 'phone', precision: 0.95, recall: 0.9 },
];

function loadSentences(): LabelledSentence[] {
  if (process.argv.includes('--regenerate') || !existsSync(dataFile)) {
    const sentences = buildSentences();
    mkdirSync(dirname(dataFile), { recursive: true });
    writeFileSync(dataFile, `${sentences.map((s) => JSON.stringify(s)).join('\n')}\n`);
    console.log(`wrote ${sentences.length} sentences to ${dataFile}`);
    return sentences;
  }
  return readFileSync(dataFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledSentence);
}

const sentences = loadSentences();
const started = performance.now();
const items = sentences.map((s) => ({
  sentence: s,
  gold: s.spans,
  predicted: detectPii(s.text, ALL_KINDS_PII_CONFIG),
}));
const elapsedMs = performance.now() - started;
const scores = scoreByKind(items);

// Where the misses and false alarms come from, by the tag that generated the sentence.
const byTag: Record<string, { labelled: number; missed: number; falseAlarms: number }> = {};
const examples: { id: string; text: string; missed: string[]; falseAlarms: string[] }[] = [];
for (const { sentence, gold, predicted } of items) {
  const same = (a: (typeof gold)[number], b: (typeof gold)[number]) =>
    a.kind === b.kind && a.start === b.start && a.end === b.end;
  const missed = gold.filter((g) => !predicted.some((p) => same(p, g)));
  const falseAlarms = predicted.filter((p) => !gold.some((g) => same(p, g)));
  for (const tag of sentence.tags) {
    const entry = byTag[tag] ?? { labelled: 0, missed: 0, falseAlarms: 0 };
    byTag[tag] = entry;
    entry.labelled += gold.filter((g) => tag.startsWith(`${g.kind}:`)).length;
    entry.missed += missed.filter((m) => tag.startsWith(`${m.kind}:`)).length;
    entry.falseAlarms +=
      falseAlarms.length > 0 && tag.startsWith('negative:') ? falseAlarms.length : 0;
  }
  if (missed.length || falseAlarms.length) {
    examples.push({
      id: sentence.id,
      text: sentence.text,
      missed: missed.map((m) => `${m.kind}:${m.value}`),
      falseAlarms: falseAlarms.map((p) => `${p.kind}:${p.value}`),
    });
  }
}

const bar = BAR.map((b) => ({
  ...b,
  measuredPrecision: scores[b.kind].precision,
  measuredRecall: scores[b.kind].recall,
  met: scores[b.kind].precision >= b.precision && scores[b.kind].recall >= b.recall,
}));

const round = (n: number) => Math.round(n * 10000) / 10000;
mkdirSync(dirname(resultFile), { recursive: true });
writeFileSync(
  resultFile,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      dataset: {
        file: 'eval/data/pii/sentences.jsonl',
        sentences: sentences.length,
        fakerSeed: SEED,
      },
      matching: 'exact span and kind; overlapRecall forgives boundaries',
      scores: Object.fromEntries(
        PII_KINDS.map((k) => [
          k,
          Object.fromEntries(Object.entries(scores[k]).map(([key, v]) => [key, round(v)])),
        ]),
      ),
      bar,
      detectMsPerSentence: round(elapsedMs / sentences.length),
      recallByForm: Object.fromEntries(
        Object.entries(byTag)
          .filter(([, e]) => e.labelled > 0)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([tag, e]) => [
            tag,
            { labelled: e.labelled, recall: round(1 - e.missed / e.labelled) },
          ]),
      ),
      falseAlarmsByNegative: Object.fromEntries(
        Object.entries(byTag)
          .filter(([tag]) => tag.startsWith('negative:'))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([tag, e]) => [tag, e.falseAlarms]),
      ),
      errorExamples: examples.slice(0, 60),
    },
    null,
    2,
  )}\n`,
);

console.log(`PII eval: ${sentences.length} sentences (faker seed ${SEED}), exact-span matching`);
console.table(
  Object.fromEntries(
    PII_KINDS.map((k) => [
      k,
      {
        support: scores[k].support,
        predicted: scores[k].predicted,
        precision: round(scores[k].precision),
        recall: round(scores[k].recall),
        f1: round(scores[k].f1),
        overlapRecall: round(scores[k].overlapRecall),
      },
    ]),
  ),
);
for (const b of bar) {
  console.log(
    `${b.met ? 'PASS' : 'FAIL'} ${b.kind}: precision ${round(b.measuredPrecision)} (>= ${b.precision}), recall ${round(b.measuredRecall)} (>= ${b.recall})`,
  );
}
const phoneForms = Object.entries(byTag).filter(
  ([tag, e]) => tag.startsWith('phone:') && e.labelled,
);
console.log(
  `phone recall by form: ${phoneForms
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, e]) => `${tag.slice(6)} ${round(1 - e.missed / e.labelled)}`)
    .join(', ')}`,
);
const alarms = Object.entries(byTag).filter(
  ([tag, e]) => tag.startsWith('negative:') && e.falseAlarms,
);
console.log(
  `false alarms on hard negatives: ${alarms.map(([tag, e]) => `${tag.slice(9)} ${e.falseAlarms}`).join(', ') || 'none'}`,
);
console.log(`${examples.length} sentences with an error; details in eval/results/pii.json`);
if (bar.some((b) => !b.met)) process.exitCode = 1;
