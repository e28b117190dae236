// Splits pair files written by one or more authors into a tuning part and a frozen held-out part
// by the first byte of sha256(group id), so that nobody chooses which groups are held out.
//   node --import tsx eval/cache/split-set.ts <tune out> <held-out out> <tune share 0–1> <in…>
// Each input keeps its own header comments in neither output; the outputs get one header each,
// written by the caller afterwards.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const [tuneOut, heldOut, shareText, ...inputs] = process.argv.slice(2);
if (!tuneOut || !heldOut || !shareText || inputs.length === 0)
  throw new Error('usage: split-set.ts <tune out> <held-out out> <tune share> <in…>');
const cut = Math.round(Number(shareText) * 256);

interface Group {
  id: string;
  lines: string[];
}
const groups: Group[] = [];
const seen = new Set<string>();
for (const file of inputs) {
  let current: Group | undefined;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || (line.startsWith('#') && !line.startsWith('## '))) continue;
    if (line.startsWith('## ')) {
      const id = line.split(' ')[1] ?? '';
      if (seen.has(id)) throw new Error(`${file}: duplicate group ${id}`);
      seen.add(id);
      current = { id, lines: [line] };
      groups.push(current);
    } else if (current && /^(B|P|N \w+) \S/.test(line)) current.lines.push(line);
    else throw new Error(`${file}: unexpected line ${line.slice(0, 80)}`);
  }
}
for (const g of groups) {
  const tags = g.lines.map((l) => l.split(' ')[0]);
  const count = (t: string) => tags.filter((x) => x === t).length;
  if (count('B') !== 1 || count('P') < 1 || count('N') < 1)
    throw new Error(`group ${g.id}: needs one B, a P and an N`);
}
const firstByte = (id: string) => createHash('sha256').update(id).digest()[0] ?? 0;
const write = (path: string, part: Group[]) =>
  writeFileSync(path, `${part.map((g) => g.lines.join('\n')).join('\n\n')}\n`);
const tune = groups.filter((g) => firstByte(g.id) < cut);
const held = groups.filter((g) => firstByte(g.id) >= cut);
write(tuneOut, tune);
write(heldOut, held);
console.log(`${groups.length} groups: ${tune.length} tuning, ${held.length} held out`);
