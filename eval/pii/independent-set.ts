// The independent phone, email and SSN set (decision 159): lines written by hand from numbering
// plans and address formats, never from the detector's output. One line per text:
//   tag <TAB> locale <TAB> text
// where ⟦…⟧ marks a phone number, ⟦E|…⟧ an email address and ⟦S|…⟧ an SSN, and "\n" is a line
// break. A line with no mark is a hard negative: nothing in it may be redacted.
import { readFileSync } from 'node:fs';
import type { PiiKind } from '@tokenwise/pii';
import { assemble, type LabelledSentence, type Part } from './labelled-text.ts';

export const INDEPENDENT_HALVES = ['tune', 'heldout'] as const;
export type IndependentHalf = (typeof INDEPENDENT_HALVES)[number];

export const independentFile = (half: IndependentHalf) =>
  new URL(`../data/pii/independent/${half}.txt`, import.meta.url);

const MARK = /⟦(?:([ES])\|)?([^⟧]+)⟧/g;
const KIND_OF_MARK: Record<string, PiiKind> = { E: 'email', S: 'ssn' };

export function parseIndependentLine(line: string, id: string): LabelledSentence {
  const [tag, locale, marked] = line.split('\t');
  if (!tag || !locale || marked === undefined) throw new Error(`${id}: needs tag, locale, text`);
  const parts: Part[] = [];
  let from = 0;
  const body = marked.replaceAll('\\n', '\n');
  for (const match of body.matchAll(MARK)) {
    parts.push(body.slice(from, match.index));
    parts.push({ kind: KIND_OF_MARK[match[1] ?? ''] ?? 'phone', value: match[2] ?? '' });
    from = match.index + match[0].length;
  }
  parts.push(body.slice(from));
  const { text, spans } = assemble(parts);
  if (/[⟦⟧]/.test(text)) throw new Error(`${id}: unbalanced mark`);
  return {
    id,
    locale,
    category: spans.length ? 'positive' : 'hard_negative',
    tags: [tag],
    text,
    spans,
  };
}

export function readIndependentHalf(half: IndependentHalf): LabelledSentence[] {
  return readFileSync(independentFile(half), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line, i) => parseIndependentLine(line, `${half}-${i + 1}`));
}
