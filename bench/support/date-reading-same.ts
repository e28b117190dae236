// Decision 211: `findDates` of a base copy (a `git archive` of packages/semantic-cache) against
// this tree's, on the tuning texts (never a held-out file), bench prompts and variants that carry
// every kind of date word, in upper and mixed case and with non-ASCII letters. Prints how many of
// the texts' readings (dates and the masked rest) differ.
// `node --import tsx bench/support/date-reading-same.ts <baseDir>`
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readIndependentPairs, TUNING_HALVES } from '../../eval/cache/independent-pairs.ts';
import { findDates } from '../../packages/semantic-cache/src/guards/date-mentions.ts';
import { evalTexts } from './eval-texts.ts';
import { uniquePrompts } from './unique-prompts.ts';

const baseDir = process.argv[2];
if (!baseDir) throw new Error('usage: date-reading-same.ts <baseDir>');
const base = (await import(
  pathToFileURL(resolve(baseDir, 'packages/semantic-cache/src/guards/date-mentions.ts')).href
)) as { findDates: typeof findDates };

const texts = new Set(evalTexts());
for (const h of TUNING_HALVES)
  for (const p of readIndependentPairs(h)) texts.add(p.query).add(p.cached);
const next = uniquePrompts(3);
for (let i = 0; i < 3_000; i++) {
  const t = next();
  texts.add(t);
  texts.add(t.slice(t.indexOf('(')));
}
const suffixes = [
  'on 2024-03-05',
  'by 3/4/25',
  'on 4.5.2024',
  'on March 3rd, 2024',
  'the 4th of July 1976',
  'in May 2020',
  'in May',
  'we may go in march',
  'in Q3',
  'for the second quarter',
  'at 5pm',
  'at 10:30',
  'by 7 AM',
  'on Christmas Eve',
  "on New Year's Day",
  'on black friday',
  'next Tuesday',
  'on tues',
  'on Weds',
  'every thurs',
  'this month',
  'the current week',
  'the previous year',
  'the coming weekend',
  'past mondays',
  'the current date',
  'today',
  'TONIGHT',
  'tomorrow',
  'yesterday',
  'in the fall',
  'fall down',
  'last winter',
  'in spring',
  'in 1999',
  'in 2042',
  'case 1888',
  'Sept. 4',
  'dec 25',
  'jan 1st 2020',
  'marchtoday',
  'x2024-01-01y',
  'MONDAY',
  'ſunday',
  'ﬁrst quarter',
  'Ｍonday',
  'today’s date',
  'thanksgiving',
  'easter sunday',
  'halloween night',
  'this ſpring',
  'the 3 of mar',
  'q4',
  'Q1 2025',
];
const seeds = [...texts].slice(0, 1_500);
for (const s of suffixes) {
  texts.add(s);
  texts.add(s.toUpperCase());
  for (const t of seeds.slice(0, 200)) texts.add(`${t} ${s}`);
}
for (const t of seeds) {
  texts.add(t.toUpperCase());
  texts.add(t.toLowerCase());
}
let differ = 0;
let dated = 0;
for (const t of texts) {
  const a = JSON.stringify(base.findDates(t));
  const b = JSON.stringify(findDates(t));
  if (a !== b) {
    differ++;
    if (differ < 5) console.log('DIFFER', JSON.stringify(t.slice(0, 80)), a, b);
  }
  if (a.length > 30 && !a.startsWith('{"dates":[]')) dated++;
}
// CPU of each build's reading, rounds alternated: the bench prompts' remainders around their
// shared opening (what the lookup reads per candidate), the bench prompts, the tuning texts.
const remainders = [...texts].filter((t) => t.startsWith('(')).slice(0, 3_000);
const prompts = [...texts].filter((t) => t.startsWith('Compare')).slice(0, 3_000);
const tuning = evalTexts();
for (let r = 0; r < 8; r++) {
  const line = [`round ${r + 1} load ${loadavg()[0]?.toFixed(1)}`];
  const builds = r % 2 === 0 ? (['base', 'branch'] as const) : (['branch', 'base'] as const);
  for (const b of builds) {
    const read = b === 'base' ? base.findDates : findDates;
    const parts: string[] = [];
    for (const [name, list] of [
      ['remainders', remainders],
      ['prompts', prompts],
      ['tuning', tuning],
    ] as const) {
      const t = process.cpuUsage();
      for (const x of list) read(x);
      const u = process.cpuUsage(t);
      parts.push(`${name} ${((u.user + u.system) / list.length).toFixed(2)}`);
    }
    line.push(`${b}: ${parts.join(' ')} µs`);
  }
  console.log(line.join(' | '));
}
console.log(`texts ${texts.size}, with a date ${dated}, differ ${differ}`);
if (differ > 0) process.exitCode = 1;
