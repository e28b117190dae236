import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reduceRelativeClauses } from './reduce-relative-clauses.ts';

describe('reduceRelativeClauses', () => {
  it('drops "that/which/who" and "be" before a participle', () => {
    assert.equal(
      reduceRelativeClauses('the files that are stored in S3 and learners who are returning'),
      'the files stored in S3 and learners returning',
    );
  });

  it('keeps the clause before an adjective, a noun or at a sentence start', () => {
    for (const text of [
      'a tool which is popular with teams',
      'the plan that is best',
      'That is done.',
    ])
      assert.equal(reduceRelativeClauses(text), text);
  });
});
