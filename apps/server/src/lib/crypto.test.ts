import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { decoyHash, hashPassword, setPasswordHashCost, verifyPassword } from './crypto.ts';

describe('password hashes', () => {
  after(() => setPasswordHashCost(15));

  test('are made at the configured cost and verify at the cost stored in them', async () => {
    setPasswordHashCost(15);
    const production = await hashPassword('correct horse battery');
    assert.match(production, /^scrypt\$32768\$8\$1\$/);

    // A lower cost for new hashes (npm test runs at 10) still opens every stored one.
    setPasswordHashCost(10);
    const cheap = await hashPassword('correct horse battery');
    assert.match(cheap, /^scrypt\$1024\$8\$1\$/);
    assert.equal(await verifyPassword('correct horse battery', production), true);
    assert.equal(await verifyPassword('correct horse battery', cheap), true);
    assert.equal(await verifyPassword('correct horse batterY', production), false);
    assert.equal(await verifyPassword('correct horse batterY', cheap), false);

    // The highest cost allowed (OWASP's floor) fits the memory limit of both steps.
    setPasswordHashCost(17);
    const strongest = await hashPassword('pw');
    assert.match(strongest, /^scrypt\$131072\$/);
    assert.equal(await verifyPassword('pw', strongest), true);
  });

  test('the decoy an unknown email is checked against costs what a real hash costs', async () => {
    setPasswordHashCost(12);
    assert.match(await decoyHash(), /^scrypt\$4096\$/);
    setPasswordHashCost(10);
    assert.match(await decoyHash(), /^scrypt\$1024\$/);
  });

  test('two hashes of one password differ (a fresh salt each time)', async () => {
    setPasswordHashCost(10);
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    assert.notEqual(a, b);
  });
});
