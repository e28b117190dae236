// Compression's outputs and in-process CPU on fixed texts, to compare two builds (decision 150).
// The texts: every prompt of the compression eval (eval/data/compress/prompts.jsonl, through
// compressMessages as the gateway calls it, counts included), every message of it and every
// prompt of questions.txt and of the independent set's tuning half in each role, and 5,000 bench
// prompts (unique-prompts.ts, seed 7), at every level. Never reads a held-out file.
//   digest: `node --import tsx bench/support/compression-outputs.ts digest`
//     prints one digest per level and one of everything.
//   dump: the same results as JSON lines `[level, what, result]`, to diff two builds (decision 157).
//   cpu: `node <bundle> cpu [rounds=4] [prompts=3000] [levels, comma-separated]`, from the root, bundled with esbuild into
//     packages/compression/<dir>/ (tsx puts every function on line 1 of a profile; the word
//     ranks are read from ../data) prints CPU per bench prompt at each level
//     and for the three levels together, compressMessages as the gateway calls it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  COMPRESSION_LEVELS,
  type CompressionLevel,
  compressMessages,
  compressTextWithStages,
} from '@tokenwise/compression';
import { uniquePrompts } from './unique-prompts.ts';

type Message = { role: string; content: string };
// From the repository's root: a bundle of this script lives elsewhere.
const read = (path: string) => readFileSync(path, 'utf8');

function evalPrompts(): Message[][] {
  return read('eval/data/compress/prompts.jsonl')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { messages: Message[] }).messages);
}

/** The "P " lines of a questions file (the format eval/compress/questions.ts reads). */
function questionTexts(path: string): string[] {
  return read(path)
    .split('\n')
    .filter((line) => line.startsWith('P '))
    .map((line) => line.slice(2).replaceAll('\\n', '\n'));
}

function benchPrompts(n: number, seed = 7): string[] {
  const next = uniquePrompts(seed);
  return Array.from({ length: n }, () => next());
}

/**
 * Every result the digest covers, one JSON line each with what it is (level, set, index, role), so
 * two builds' dumps can be compared line by line: which outputs changed, not only whether any did.
 */
function eachResult(add: (level: CompressionLevel, label: string, value: unknown) => void): void {
  const prompts = evalPrompts();
  const texts = [
    ...prompts.flat().map((m) => m.content),
    ...questionTexts('eval/data/compress/questions.txt'),
    ...questionTexts('eval/data/compress/independent/tune.txt'),
  ];
  const bench = benchPrompts(5_000);
  for (const level of COMPRESSION_LEVELS) {
    prompts.forEach((messages, i) => {
      const r = compressMessages(messages, level);
      add(level, `prompt ${i}`, [
        r.messages,
        r.originalTokens,
        r.compressedTokens,
        r.stagesApplied,
        r.optimizedText,
      ]);
    });
    texts.forEach((text, i) => {
      for (const role of ['system', 'user', 'assistant'] as const) {
        for (const last of role === 'user' ? [true, false] : [false]) {
          const r = compressTextWithStages(text, level, role, { isLastUserMessage: last });
          add(level, `text ${i} ${role}${last ? ' last' : ''}`, r);
        }
      }
    });
    bench.forEach((text, i) => {
      const r = compressMessages([{ role: 'user', content: text }], level);
      add(level, `bench ${i}`, [
        r.messages[0]?.content,
        r.originalTokens,
        r.compressedTokens,
        r.stagesApplied,
      ]);
    });
  }
}

function digest(): void {
  const all = createHash('sha256');
  const perLevel = new Map<CompressionLevel, ReturnType<typeof createHash>>();
  let results = 0;
  eachResult((level, _label, value) => {
    const line = `${JSON.stringify(value)}\n`;
    let hash = perLevel.get(level);
    if (!hash) {
      hash = createHash('sha256');
      perLevel.set(level, hash);
    }
    hash.update(line);
    all.update(line);
    results += 1;
  });
  for (const [level, hash] of perLevel) console.log(`${level}: ${hash.digest('hex').slice(0, 16)}`);
  console.log(`all (${results} results): ${all.digest('hex').slice(0, 16)}`);
}

function dump(): void {
  eachResult((level, label, value) => {
    console.log(JSON.stringify([level, label, value]));
  });
}

function cpu(rounds: number, n: number, only?: string): void {
  const warm = benchPrompts(2_000, 13);
  const measured = benchPrompts(n, 11);
  const levels = COMPRESSION_LEVELS.filter((l) => !only || only.split(',').includes(l));
  const run = (texts: string[], level: CompressionLevel) => {
    for (const text of texts) compressMessages([{ role: 'user', content: text }], level);
  };
  for (const level of levels) run(warm, level);
  const per: Record<string, number[]> = Object.fromEntries(levels.map((l) => [l, []]));
  for (let r = 0; r < rounds; r++) {
    for (const level of levels) {
      const start = process.cpuUsage();
      run(measured, level);
      const used = process.cpuUsage(start);
      per[level]?.push((used.user + used.system) / n);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const line = levels.map((l) => `${l} ${median(per[l] ?? []).toFixed(1)}`).join(', ');
  const sum = levels.reduce((s, l) => s + median(per[l] ?? []), 0);
  console.log(`µs per prompt (median of ${rounds} rounds): ${line}; all three ${sum.toFixed(1)}`);
}

const [mode = 'digest', a, b, c] = process.argv.slice(2);
if (mode === 'digest') digest();
else if (mode === 'dump') dump();
else cpu(Number(a ?? 4), Number(b ?? 3_000), c);
