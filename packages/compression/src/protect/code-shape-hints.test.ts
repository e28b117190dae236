import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { everyText } from '../testing/every-text.ts';
import { mayEndStatement, mayHoldOperator } from './code-shape-hints.ts';
import { OPERATOR, STATEMENT_END } from './looks-like-code.ts';

// Every character the two patterns read, a non-breaking space (a `\s`) and a letter outside ASCII.
const ALPHABET = [...'{};)]([=>&|:.!-+<_a1 \t', '\u00a0', 'é'];

const CODE = [
  'function f() {',
  '  x = y;',
  '\u00a0total += 1;',
  '});',
  '  ]',
  'a => b',
  'a && b',
  'a || b',
  'a -> b',
  'if (a === b && c)',
  'std::vector',
  'rows[i]',
  'path.join(a, b)',
  'x._y(1)',
  'a.b1(',
];

describe('the code-shape hints never turn away a line the patterns match', () => {
  it('holds on every line of up to four of the characters the patterns read', () => {
    let matched = 0;
    for (const line of everyText(ALPHABET, 4)) {
      if (STATEMENT_END.test(line)) {
        matched += 1;
        assert.ok(mayEndStatement(line), JSON.stringify(line));
      }
      if (OPERATOR.test(line)) {
        matched += 1;
        assert.ok(mayHoldOperator(line), JSON.stringify(line));
      }
    }
    assert.ok(matched > 10_000, `only ${matched} lines matched`);
  });

  it('holds on code lines', () => {
    for (const line of CODE) {
      if (STATEMENT_END.test(line)) assert.ok(mayEndStatement(line), line);
      if (OPERATOR.test(line)) assert.ok(mayHoldOperator(line), line);
    }
  });

  it('turns away prose with a colon and brackets', () => {
    const prose = 'Compare system and Fermium: reply to jane (case 6). Thanks.';
    assert.equal(mayEndStatement(prose), false);
    assert.equal(mayHoldOperator(prose), false);
  });
});
