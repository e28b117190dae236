// PII detection's in-process CPU, a base copy of packages/pii against this checkout's, alternated
// in rounds in one process (decision 244): `detectPii` with the gateway's default settings on the
// bench prompts (unique-prompts.ts, seed 11), old then new or new then old, and the base a second
// time as an A/A control. Prints the median µs a prompt of each and the rounds each was lower than
// the base in; the findings of both must be the same, prompt by prompt.
//   node --import tsx bench/support/pii-ab.ts <base>/packages/pii/src [rounds=20] [prompts=3000]
import { DEFAULT_PII_CONFIG, detectPii } from '@tokenwise/pii';
import { uniquePrompts } from './unique-prompts.ts';

const [baseDir, roundsArg = '20', promptsArg = '3000'] = process.argv.slice(2);
if (!baseDir) throw new Error('usage: pii-ab.ts <base pii src> [rounds] [prompts]');
const base = (await import(`${baseDir}/detect-pii.ts`)).detectPii as typeof detectPii;
const next = uniquePrompts(11);
const prompts = Array.from({ length: Number(promptsArg) }, () => next());
for (const p of prompts) {
  const [a, b] = [base(p, DEFAULT_PII_CONFIG), detectPii(p, DEFAULT_PII_CONFIG)];
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`findings differ: ${p}`);
}
const sides = { base, new: detectPii, base2: base };
type Side = keyof typeof sides;
const times: Record<Side, number[]> = { base: [], new: [], base2: [] };
let sink = 0;
for (let round = 0; round < Number(roundsArg); round++) {
  const order: Side[] = round % 2 ? ['base', 'new', 'base2'] : ['base2', 'new', 'base'];
  for (const side of order) {
    const t = process.cpuUsage();
    for (const p of prompts) sink += sides[side](p, DEFAULT_PII_CONFIG).length;
    const u = process.cpuUsage(t);
    times[side].push((u.user + u.system) / prompts.length);
  }
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1] ?? 0;
const lowerThanBase = (side: Side) => times[side].filter((t, i) => t < (times.base[i] ?? 0)).length;
console.log(
  `µs a prompt: base ${median(times.base).toFixed(2)}, new ${median(times.new).toFixed(2)} (lower in ${lowerThanBase('new')} of ${roundsArg}), base again ${median(times.base2).toFixed(2)} (lower in ${lowerThanBase('base2')}); findings identical${sink < 0 ? '' : ''}`,
);
