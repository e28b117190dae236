// Compression's in-process CPU, a base copy of the package against this checkout's, alternated
// in rounds in one process (decision 174). The base is any copy of packages/compression whose
// node_modules resolve (a `git worktree` of main, or a copy under a directory linking them):
//   node --import tsx bench/support/compression-ab.ts <base>/src/index.ts [rounds=10] [prompts=2000] [levels=balanced,aggressive] [what=messages] [set=bench]
// Each round times compressMessages on the bench prompts (unique-prompts.ts, seed 11) as the
// gateway calls it, counts included (what=messages), or compressTextWithStages alone on the same
// prompt as the last user message (what=stages), at each level, old then new or new then old
// (swapped each round), and prints the medians in µs per prompt and the rounds the new code was
// lower in. With set=eval the texts are the compression eval's prompts (each message's text as
// the last user message, or whole conversations with what=messages) instead of the bench's.
import { readFileSync } from 'node:fs';
import * as current from '@tokenwise/compression';
import { uniquePrompts } from './unique-prompts.ts';

type Compressor = typeof current;
const [
  basePath,
  roundsArg = '10',
  promptsArg = '2000',
  levelsArg = 'balanced,aggressive',
  what = 'messages',
  set = 'bench',
] = process.argv.slice(2);
if (!basePath)
  throw new Error(
    'usage: compression-ab.ts <base package src/index.ts> [rounds] [prompts] [levels] [what] [set]',
  );
const base = (await import(basePath)) as Compressor;
const levels = levelsArg.split(',') as current.CompressionLevel[];
const rounds = Number(roundsArg);
const n = Number(promptsArg);

type Message = { role: string; content: string };
function prompts(count: number, seed: number): Message[][] {
  const next = uniquePrompts(seed);
  return Array.from({ length: count }, () => [{ role: 'user', content: next() }]);
}
function evalPrompts(): Message[][] {
  return readFileSync('eval/data/compress/prompts.jsonl', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { messages: Message[] }).messages);
}
const warm = set === 'eval' ? evalPrompts() : prompts(2_000, 13);
const measured = set === 'eval' ? evalPrompts() : prompts(n, 11);

function run(impl: Compressor, texts: Message[][], level: current.CompressionLevel): number {
  const start = process.cpuUsage();
  if (what === 'stages') {
    for (const messages of texts)
      for (const { content } of messages)
        impl.compressTextWithStages(content, level, 'user', { isLastUserMessage: true });
  } else {
    for (const messages of texts) impl.compressMessages(messages, level);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / texts.length;
}

for (const level of levels) {
  run(base, warm, level);
  run(current, warm, level);
}
const times = { old: new Map<string, number[]>(), new: new Map<string, number[]>() };
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
  for (const level of levels) {
    for (const which of order) {
      const t = run(which === 'old' ? base : current, measured, level);
      const list = times[which].get(level) ?? [];
      list.push(t);
      times[which].set(level, list);
    }
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[s.length >> 1] ?? 0)
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};
for (const level of levels) {
  const o = times.old.get(level) ?? [];
  const w = times.new.get(level) ?? [];
  const won = o.filter((t, i) => (w[i] ?? Number.POSITIVE_INFINITY) < t).length;
  const mo = median(o);
  const mw = median(w);
  console.log(
    `${level}: old ${mo.toFixed(1)} µs, new ${mw.toFixed(1)} µs (${((100 * (mw - mo)) / mo).toFixed(1)}%), new lower in ${won} of ${rounds} rounds`,
  );
}
