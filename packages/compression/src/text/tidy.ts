// Repairs the seams that removals leave: doubled spaces, a space before punctuation, a comma
// before a full stop, the full stop of a sentence pruned away, lines emptied down to punctuation
// (not the dot of a name such as ".env" that a line opens with once the words before it went).
// Indentation is left as it was.
import {
  DOUBLED_SPACE,
  LINE_BREAK,
  LINE_OPENS_WITH_PUNCTUATION,
  PUNCTUATION_PAIR,
  REPEATED_END,
  SPACE_BEFORE,
  seamsIn,
} from './seams.ts';

const REPAIRS: [flag: number, repair: (text: string) => string][] = [
  [PUNCTUATION_PAIR, (t) => t.replace(/[,;:]+(?=[.!?])|,(?=,)|(?<=[.!?]),/g, '')],
  [REPEATED_END, (t) => t.replace(/([.!?])(?: +[.!?])+(?=\s|$)|(?<!\.)(\.)\.(?!\.)/g, '$1$2')],
  [SPACE_BEFORE, (t) => t.replace(/(?<=\S) +(?=[,.;:!?](?:\s|$))|[ \t]+$/gm, '')],
  [DOUBLED_SPACE, (t) => t.replace(/(\S) {2,}/g, '$1 ')],
  [LINE_OPENS_WITH_PUNCTUATION, (t) => t.replace(/^[ \t]*[,;:.](?![\w\uE000])[ \t]*/gm, '')],
  [
    LINE_BREAK,
    (t) =>
      t.replace(/\n{3,}|^\n+|\n+$/g, (run, offset: number, whole: string) =>
        offset === 0 || offset + run.length === whole.length ? '' : '\n\n',
      ),
  ],
];

/** The repairs in order; one whose seam the text lacks is skipped (seams.ts). */
export function tidy(text: string): string {
  let out = text;
  let seams = seamsIn(out);
  for (const [flag, repair] of REPAIRS) {
    if ((seams & flag) === 0) continue;
    const repaired = repair(out);
    // A repair may open a seam a later one mends: the text is read again after a change.
    if (repaired !== out) {
      out = repaired;
      seams = seamsIn(out);
    }
  }
  return out;
}
