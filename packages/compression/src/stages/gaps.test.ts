import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gapHas, spacesOnly } from './fact-labels.ts';

// The gap tests read the line in place; they must answer as the regex on the copied-out gap did,
// ends left undefined (before the first word, after the last) included.
describe('gaps between words', () => {
  const lines = ['Pay  £20, then go. Now', ' a b;c', 'x (y) z!', '', 'one two'];
  const bounds = (line: string) => [
    undefined,
    ...Array.from({ length: line.length + 1 }, (_, i) => i),
  ];

  it('gapHas answers as the regex on the slice', () => {
    for (const line of lines)
      for (const from of bounds(line))
        for (const to of bounds(line))
          for (const end of [/[.!?]/, /[.,;:!?]/, /[.;:!?]\s/, /[.,;:!?)]/])
            assert.equal(
              gapHas(line, from, to, end),
              end.test(line.slice(from, to)),
              `${line} ${from} ${to}`,
            );
  });

  it('spacesOnly answers as /^ *$/ on the slice', () => {
    for (const line of lines)
      for (const from of bounds(line))
        for (const to of bounds(line))
          assert.equal(
            spacesOnly(line, from, to),
            /^ *$/.test(line.slice(from, to)),
            `${line} ${from} ${to}`,
          );
  });
});
