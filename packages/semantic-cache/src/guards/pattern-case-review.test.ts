import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Review of decision 210: sentences written for these tests, not taken from an eval file.
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('a Windows path in any spelling is no regular expression (decision 210 review)', () => {
  it('quoted, in a raw string, relative, with a space, under a variable or a domain', () => {
    const same: [string, string][] = [
      [
        'pandas read_csv("C:\\Users\\Ana\\data.csv") fails',
        'pandas read_csv("c:\\users\\ana\\data.csv") fails',
      ],
      [
        "open(r'C:\\Temp\\Log.txt') raises FileNotFoundError",
        "open(r'c:\\temp\\log.txt') raises FileNotFoundError",
      ],
      [
        'venv\\Scripts\\activate is not recognized in powershell',
        'venv\\scripts\\activate is not recognized in powershell',
      ],
      [
        'installing to C:\\Program Files\\Microsoft Office fails',
        'installing to c:\\program files\\microsoft office fails',
      ],
      [
        'where is %APPDATA%\\Code\\User\\settings.json',
        'where is %appdata%\\code\\user\\settings.json',
      ],
      [
        'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies key is missing',
        'hkey_local_machine\\software\\policies key is missing',
      ],
    ];
    for (const [a, b] of same) assert.deepEqual(bothWays(a, b), [null, null], a);
  });

  it('a pattern after a name, or in a raw string, keeps its case', () => {
    assert.deepEqual(bothWays('what does foo\\d+ match', 'what does foo\\D+ match'), [
      'code_identifier',
      'code_identifier',
    ]);
    assert.deepEqual(
      bothWays('what does r"\\bcat\\b" match in python', 'what does r"\\Bcat\\B" match in python'),
      ['code_identifier', 'code_identifier'],
    );
  });
});

describe('a markdown link is no character class (decision 210 review)', () => {
  it('its text in another case links to the same page', () => {
    assert.deepEqual(
      bothWays(
        'why does my link [Docs](./docs/README.md) not render on github',
        'why does my link [docs](./docs/README.md) not render on github',
      ),
      [null, null],
    );
  });
});

describe('reading patterns stays cheap on odd input (decision 210 review)', () => {
  // A 16k-character word of brackets once backtracked for minutes in one lookup.
  it('answers on a 16k-character word of open brackets and letters', () => {
    const brackets = `what is ${'[a'.repeat(8_000)}`;
    assert.equal(checkGuards(brackets, brackets), null);
  });
});

describe('"turn X into Y" is no "add X to Y" (decision 210 review)', () => {
  it('adding a thing to another keeps it whole: another action', () => {
    assert.deepEqual(
      bothWays('turn a string into a list in python', 'add a string to a list in python'),
      ['instruction', 'instruction'],
    );
    assert.deepEqual(
      bothWays('turn a column into the index in pandas', 'add a column to the index in pandas'),
      ['instruction', 'instruction'],
    );
    assert.equal(
      checkGuards('turn a string into a list in python', 'generate a list from a string in python'),
      null,
    );
  });
});
