import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findIdentifiers, IDENTIFIER_PATTERNS } from './code-identifiers.ts';

// Every pattern's kind of name, in prose, in code and around blanked neighbours.
const TEXTS = [
  'What does `getUserById` return?',
  'What does --force do in git push? And -v?',
  'Why is tsconfig.json ignored by ./src/app.ts and ../lib/x?',
  'How do I use useEffect or useLayoutEffect in React?',
  'What does max_retries do next to MAX_RETRY_DELAY?',
  'What does reshape(1, -1) do in NumPy? Call np.zeros() first.',
  'Edit .env.local and .gitignore, then run app.config.load()',
  'Is os.path.join(a, b) the same as path.join()?',
  'Set `a`--b/c_d.eE(f)',
  'iOS and macOS on an iPhone: no camelCase here, but getX is one.',
  'A plain question about dogs, with no code at all.',
  '50/30/20 budgets and 140/90 readings are numbers.',
];

describe('findIdentifiers', () => {
  it('skips a pattern only where it cannot match, blanked or not', () => {
    for (const text of TEXTS) {
      // The text as each pattern sees it: the earlier patterns' names blanked.
      let rest = text;
      for (const { pattern, mayMatch } of IDENTIFIER_PATTERNS) {
        const matches = new RegExp(pattern.source, pattern.flags).test(rest);
        if (matches) assert.ok(mayMatch(text), `${pattern} matches ${JSON.stringify(rest)}`);
        rest = rest.replace(new RegExp(pattern.source, pattern.flags), (whole) =>
          ' '.repeat(whole.length),
        );
      }
    }
  });

  it('finds each kind of name', () => {
    assert.deepEqual(
      findIdentifiers('Does `getUserById` read max_retries from ./src/app.ts via useEffect()?')
        .identifiers,
      ['getuserbyid', './src/app.ts', 'max_retries', 'useeffect'],
    );
    assert.deepEqual(findIdentifiers('A plain question about dogs.'), {
      identifiers: [],
      rest: 'A plain question about dogs.',
    });
  });
});
