import { readFileSync } from 'node:fs';
import type { LabelledPair } from './pairs.ts';

/**
 * `tune2` is a second tuning file written for decision 022; `heldout` and `heldout2` (a second
 * held-out file written later, without reading the engine) are frozen. `tune3` and `heldout3` are
 * a third set written blind to the engine and split by hash of the group id; `heldout3` is frozen.
 * `tune4` and `heldout4` are a fourth set, written blind by four authors in parallel; `tune5` and
 * `heldout5` a fifth, written blind by two authors on 2026-11-29. `near-miss-long-hostile`
 * (decision 139) holds long pasted texts whose near-misses change one instruction, and is not split;
 * `short-blind` (decision 142) short questions with one-change near-misses, written blind, not split;
 * `tune6` short software questions with one-change near-misses, written blind on 2026-12-01, not split;
 * `tune7` (decision 192) a seventh such set with one long pasted prompt in five, written blind, not split;
 * `tune8` (decision 194) an eighth, 70 short groups and 7 long pasted ones, written blind, not split;
 * `tune9` (decision 203) a ninth, 70 groups of everyday software and device questions, written blind, not split;
 * `tune10` (decision 210) a tenth, 60 groups of developer and analyst questions, written blind, not split;
 * `tune11` (decision 215) an eleventh, 60 groups of everyday tool questions with terse paraphrases, written blind, not split;
 * `tune12` (decision 219) a twelfth, 60 groups of library, SQL, cloud, CI and office questions, written blind, not split;
 * `tune13` (decision 224) a thirteenth, 60 groups of mobile, data, ops, database admin, IDE and office-tool questions, written blind, not split;
 * `tune14` (decision 233) a fourteenth, 60 groups of cloud, CI, database, build-tool, office and pasted-text questions, written blind, not split;
 * `tune15` (decision 245) a fifteenth, 60 groups of front-end, shell, package-manager, Git, data, desktop/phone and API questions, written blind, not split;
 * `tune16` (decision 248) a sixteenth, 60 groups of server admin, cloud, database, build, security, office and media-tool questions, written blind, not split.
 */
export const TUNING_HALVES = [
  'tune',
  'tune2',
  'tune3',
  'tune4',
  'tune5',
  'tune6',
  'tune7',
  'tune8',
  'tune9',
  'tune10',
  'tune11',
  'tune12',
  'tune13',
  'tune14',
  'tune15',
  'tune16',
  'near-miss-long-hostile',
  'short-blind',
] as const;
export const HELDOUT_HALVES = ['heldout', 'heldout2', 'heldout3', 'heldout4', 'heldout5'] as const;
export type IndependentHalf = (typeof TUNING_HALVES)[number] | (typeof HELDOUT_HALVES)[number];

const dir = new URL('../data/cache/independent/', import.meta.url);

export const independentFile = (half: IndependentHalf | 'passages') => new URL(`${half}.txt`, dir);

/**
 * "@name text" lines of passages.txt, and of the half itself (passages local to one file, since
 * passages.txt is frozen); a literal "\n" inside a passage is a line break and "\t" a tab (code).
 */
function readPassages(lines: string[], passages = new Map<string, string>()): Map<string, string> {
  for (const line of lines) {
    const match = /^@(\S+) (.*)$/.exec(line);
    if (match)
      passages.set(
        match[1] ?? '',
        (match[2] ?? '').replaceAll('\\n', '\n').replaceAll('\\t', '\t'),
      );
  }
  return passages;
}

/**
 * One half of the independent set as labelled pairs: every paraphrase ("P") and every near-miss
 * ("N <kind>") against its group's cached prompt ("B"). Paraphrases are kind `paraphrase`; the
 * group's writing style goes in `domain`.
 */
export function readIndependentPairs(half: IndependentHalf): LabelledPair[] {
  const lines = readFileSync(independentFile(half), 'utf8').split('\n');
  const passages = readPassages(
    lines,
    readPassages(readFileSync(independentFile('passages'), 'utf8').split('\n')),
  );
  const expand = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const passage = passages.get(name);
      if (passage === undefined) throw new Error(`unknown passage ${whole}`);
      return passage;
    });
  const pairs: LabelledPair[] = [];
  let group = { id: '', style: '', cached: '' };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('@') || (line.startsWith('#') && !line.startsWith('## ')))
      continue;
    const [tag = '', ...rest] = line.split(' ');
    const base = { group: group.id, domain: group.style, split: half, cached: group.cached };
    if (tag === '##') group = { id: rest[0] ?? '', style: rest[1] ?? '', cached: '' };
    else if (tag === 'B') group.cached = expand(rest.join(' '));
    else if (tag === 'P')
      pairs.push({ ...base, kind: 'paraphrase', same: true, query: expand(rest.join(' ')) });
    else if (tag === 'N')
      pairs.push({
        ...base,
        kind: rest[0] ?? '',
        same: false,
        query: expand(rest.slice(1).join(' ')),
      });
    else throw new Error(`${half}.txt: unknown line ${line}`);
  }
  return pairs;
}
