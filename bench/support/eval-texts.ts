// The cache eval's texts for the graph benches (index-recall.ts, index-hits.ts): every prompt
// line of the independent tuning files, and both sides of every template pair, its test half
// included. No held-out file of the independent set is read. The template test half is judged
// by the eval, but these benches tune no rule on it: they compare a graph with an exact scan.
import { readFileSync } from 'node:fs';

/** Every prompt line of the tuning files (never the held-out ones), each once, file order. */
export function evalTexts(): string[] {
  const dir = new URL('../../eval/data/cache/', import.meta.url);
  const texts = new Set<string>();
  for (const name of ['tune.txt', 'tune2.txt', 'tune3.txt', 'tune4.txt', 'tune5.txt']) {
    for (const line of readFileSync(new URL(`independent/${name}`, dir), 'utf8').split('\n')) {
      const m = /^(?:B|P|N \S+) (.+)$/.exec(line);
      if (m?.[1]) texts.add(m[1]);
    }
  }
  for (const line of readFileSync(new URL('pairs.jsonl', dir), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const pair = JSON.parse(line) as { query: string; cached: string };
    texts.add(pair.cached);
    texts.add(pair.query);
  }
  return [...texts];
}
