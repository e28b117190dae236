import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Review of decision 233: "call C code from within Go" / "call Go code from within C" was one
// question: "go" is a function word, so the direction reading saw no language on one side. Bare
// and used as a name it is the language there too, as the difference reading has it (decision 236).
describe('Go the language in a direction', () => {
  it('refuses calling one language from the other reversed', () => {
    for (const [a, b] of [
      ['how do I call C code from within Go', 'how do I call Go code from within C'],
      ['call Go functions from Python', 'call Python functions from Go'],
      ['port this script from Go to Rust', 'port this script from Rust to Go'],
    ]) {
      assert.equal(checkGuards(a as string, b as string), 'negation', `${a} / ${b}`);
      assert.equal(checkGuards(b as string, a as string), 'negation', `${b} / ${a}`);
    }
  });

  it('keeps "go" the verb and one direction said two ways', () => {
    for (const [a, b] of [
      ['how to call C code from Go', 'calling C functions from a Go program'],
      ['how do I go from the lobby to the pool', 'how can I go from the lobby to the pool'],
    ])
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
  });
});
