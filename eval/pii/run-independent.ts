// `npm run eval:pii:independent`: scores detectPii (default kinds: what a new account redacts) on
// the hand-written independent set (decision 159), both halves. Misses and false alarms are shown
// for the tuning half only: the held-out half reports figures and nothing a tuner could read.
// Writes eval/results/pii-independent.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEFAULT_PII_CONFIG, detectPii, type PiiSpan } from '@tokenwise/pii';
import {
  INDEPENDENT_HALVES,
  type IndependentHalf,
  readIndependentHalf,
} from './independent-set.ts';
import { scoreByKind } from './score.ts';

const KINDS = ['phone', 'email', 'ssn'] as const;
const round = (n: number) => Math.round(n * 1000) / 1000;
const same = (a: PiiSpan, b: PiiSpan) =>
  a.kind === b.kind && a.start === b.start && a.end === b.end;

function scoreHalf(half: IndependentHalf) {
  const sentences = readIndependentHalf(half);
  const items = sentences.map((s) => ({
    sentence: s,
    gold: s.spans,
    predicted: detectPii(s.text, DEFAULT_PII_CONFIG),
  }));
  const scores = scoreByKind(items);
  const negatives = items.filter((i) => i.sentence.category === 'hard_negative');
  const errors = items
    .map(({ sentence, gold, predicted }) => ({
      tag: sentence.tags[0],
      text: sentence.text,
      missed: gold.filter((g) => !predicted.some((p) => same(p, g))).map((g) => g.value),
      falseAlarms: predicted
        .filter((p) => !gold.some((g) => same(p, g)))
        .map((p) => `${p.kind}:${p.value}`),
    }))
    .filter((e) => e.missed.length || e.falseAlarms.length);
  return {
    texts: sentences.length,
    hardNegatives: negatives.length,
    negativesWithARedaction: negatives.filter((i) => i.predicted.length > 0).length,
    scores: Object.fromEntries(
      KINDS.map((k) => [
        k,
        {
          support: scores[k].support,
          predicted: scores[k].predicted,
          precision: round(scores[k].precision),
          recall: round(scores[k].recall),
        },
      ]),
    ),
    errors,
  };
}

const results = Object.fromEntries(INDEPENDENT_HALVES.map((h) => [h, scoreHalf(h)]));
const { tune, heldout } = results as Record<IndependentHalf, ReturnType<typeof scoreHalf>>;
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/pii-independent.json', import.meta.url),
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      config: 'DEFAULT_PII_CONFIG',
      matching: 'exact span and kind',
      tune: { ...tune, errors: tune.errors },
      heldout: { ...heldout, errors: undefined, errorCount: heldout.errors.length },
    },
    null,
    2,
  )}\n`,
);
for (const half of INDEPENDENT_HALVES) {
  const r = results[half] as ReturnType<typeof scoreHalf>;
  console.log(
    `${half}: ${r.texts} texts, ${r.negativesWithARedaction}/${r.hardNegatives} hard negatives with a redaction`,
  );
  console.table(r.scores);
}
if (process.argv.includes('--errors')) {
  for (const e of tune.errors) {
    console.log(
      `${e.tag}\t${JSON.stringify(e.text)}\tmissed ${e.missed.join(' | ')}\tFP ${e.falseAlarms.join(' | ')}`,
    );
  }
}
