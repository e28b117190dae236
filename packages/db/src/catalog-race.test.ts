import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOtherSchemaCatalogRace } from './catalog-race.ts';

function pgError(message: string, stack = `error: ${message}\n    at async RetryingClient.run`) {
  return Object.assign(new Error(message), { stack });
}

test('a catalog read is retried only when what vanished belongs to another schema', () => {
  const own = 't_own_1';
  assert.ok(isOtherSchemaCatalogRace(pgError('schema "t_other_2" does not exist'), own));
  assert.ok(isOtherSchemaCatalogRace(pgError('relation "t_other_2.alerts" does not exist'), own));
  assert.ok(!isOtherSchemaCatalogRace(pgError(`schema "${own}" does not exist`), own));
  assert.ok(!isOtherSchemaCatalogRace(pgError(`relation "${own}.alerts" does not exist`), own));
  // A dropped column is named without its schema: a race only inside the catalog read.
  const column = 'column "account_id" of relation "sessions" does not exist';
  assert.ok(
    isOtherSchemaCatalogRace(
      pgError(column, `error: ${column}\n    at async PostgresIntrospector.getTables`),
      own,
    ),
  );
  assert.ok(!isOtherSchemaCatalogRace(pgError(column), own));
  assert.ok(!isOtherSchemaCatalogRace(pgError('duplicate key value'), own));
});
