// Splits hand-written lines of the independent PII set into the tuning half and the frozen
// held-out half by the first byte of sha256(line), so nobody chooses which lines are held out.
//   node --import tsx eval/pii/split-independent.ts <draft file…>
// Only the two halves are kept: an unsplit copy would put the held-out lines in front of
// whoever tunes the detector.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { independentFile, parseIndependentLine } from './independent-set.ts';

const lines = process.argv
  .slice(2)
  .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
  .filter((line) => line.trim() && !line.startsWith('#'));
const seen = new Set<string>();
for (const line of lines) {
  parseIndependentLine(line, line.slice(0, 60));
  if (seen.has(line)) throw new Error(`duplicate line: ${line}`);
  seen.add(line);
}
const tuning = (line: string) => (createHash('sha256').update(line).digest()[0] ?? 0) < 128;
const header =
  '# Independent PII set (decision 159): tag <TAB> locale <TAB> text; ⟦…⟧ phone, ⟦E|…⟧ email,\n' +
  '# ⟦S|…⟧ SSN; no mark = hard negative. Split by sha256(line)[0] < 128. See README.md.\n';
writeFileSync(independentFile('tune'), `${header}${lines.filter(tuning).join('\n')}\n`);
writeFileSync(
  independentFile('heldout'),
  `${header}${lines.filter((l) => !tuning(l)).join('\n')}\n`,
);
console.log(`${lines.length} lines: ${lines.filter(tuning).length} tuning, rest held out`);
