import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 233).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('a member path names its member, which the other prompt may write bare (decision 233)', () => {
  it('passes the member written with and without its owner', () => {
    assert.deepEqual(
      bothWays(
        'how do I give models.CharField a default value in django',
        'how do I give CharField a default value in django',
      ),
      [null, null],
    );
    assert.deepEqual(
      bothWays(
        'pass a dtype to pd.read_csv for one column',
        'pass a dtype to read_csv for one column',
      ),
      [null, null],
    );
  });

  it('still refuses another owner of the member, another member, and a file name', () => {
    assert.deepEqual(bothWays('np.argmax of a 2d array', 'torch.argmax of a 2d array'), [
      'code_identifier',
      'code_identifier',
    ]);
    assert.deepEqual(
      bothWays(
        'how do I give models.CharField a default value in django',
        'how do I give models.TextField a default value in django',
      ),
      ['code_identifier', 'code_identifier'],
    );
    assert.notEqual(
      checkGuards('validate settings.json in vscode', 'validate json in vscode'),
      null,
    );
  });

  // Review of decision 233: "get", "all" are words any prompt writes; alone they name no member.
  it('does not read a member that is a function word or a question frame as named bare', () => {
    assert.deepEqual(
      bothWays('what is the default timeout of requests.get', 'what is the default timeout of get'),
      ['code_identifier', 'code_identifier'],
    );
    assert.deepEqual(
      bothWays('how does Promise.all work with async await', 'how does all work with async await'),
      ['code_identifier', 'code_identifier'],
    );
  });
});
