import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Review of decision 233: "why is my Mac so slow" / "… after the update" was a hit (0.982). A
// clause of time or condition added at the end names the cause the answer turns on (decision 236).
describe('a clause of time added to the same question', () => {
  it('refuses the question with a time or condition added', () => {
    for (const [a, b] of [
      ['why is my Mac so slow', 'why is my Mac so slow after the update'],
      ['why is my Mac so slow', 'why is my Mac so slow after updating'],
      ['why does my phone get hot', 'why does my phone get hot while charging'],
      ['why does my wifi keep dropping', 'why does my wifi keep dropping since upgrading'],
    ])
      assert.equal(checkGuards(a as string, b as string), 'instruction', `${a} / ${b}`);
  });

  it('keeps the question reworded with its clause on both sides or none', () => {
    for (const [a, b] of [
      ['why is my Mac so slow', 'my Mac is really slow, why'],
      ['why is my Mac so slow', 'why is my mac running so slow'],
      ['why is my Mac so slow after the update', 'my Mac is really slow after the update, why'],
    ])
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
  });
});
