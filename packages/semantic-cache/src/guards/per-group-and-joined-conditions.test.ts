import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 245).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];
const passes = (a: string, b: string) => assert.deepEqual(bothWays(a, b), [null, null]);
const refuses = (a: string, b: string) => {
  const [ab, ba] = bothWays(a, b);
  assert.ok(ab !== null && ba !== null, `expected a refusal both ways, got ${ab} / ${ba}`);
};

describe('a figure taken per group on one side only asks another question (decision 245)', () => {
  it('refuses "in each", "per", "for every", "by" on one side only', () => {
    refuses(
      'pandas: get the largest value in each row of a dataframe',
      'pandas: get the row and the largest value of a dataframe',
    );
    refuses('sql average salary per department', 'sql average salary of a department');
    refuses('git show the latest commit on every branch', 'git show the latest commit on a branch');
    refuses(
      'excel sum the sales by region in a pivot-free sheet',
      'excel sum the sales in a sheet',
    );
  });

  it('passes the same grouping said another way, and "each" with nothing taken per group', () => {
    passes('sql average salary per department', 'sql average salary for each department');
    passes('numpy max of each column of a 2d array', 'numpy column-wise max of a 2d array');
    passes('run prettier on every file in the folder', 'run prettier on all files in the folder');
    passes('count the orders per customer in sql', 'count the orders by customer in sql');
  });

  it('reads "most recent" as a figure and "max connections per host" as a limit (review of 245)', () => {
    refuses('sql most recent order per customer', 'sql most recent order of a customer');
    passes(
      'increase max connections per host in nginx',
      'increase nginx max connections for a host',
    );
  });
});

describe('"and" against "or" between two conditions (decision 245)', () => {
  it('refuses conditions joined one way against the other', () => {
    refuses(
      'sql select users where age > 30 or city = "Oslo"',
      'sql select users where age > 30 and city = "Oslo"',
    );
    refuses(
      'excel highlight a cell if it is blank or the date is before today',
      'excel highlight a cell if it is blank and the date is before today',
    );
  });

  it('reads "||" and "&&" as "or" and "and", and "exists" as a test (review of 245)', () => {
    refuses(
      'javascript if (a > 1 || b < 2) not working',
      'javascript if (a > 1 && b < 2) not working',
    );
    refuses('bash if the file exists and is empty', 'bash if the file exists or is empty');
  });

  it('passes "and" between actions, and conditions joined alike', () => {
    passes(
      'how to install and configure nginx on ubuntu',
      'how to install or configure nginx on ubuntu',
    );
    passes(
      'filter rows where status is "open" or priority is high',
      'filter the rows whose status is "open" or whose priority is high',
    );
  });
});
