import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Review of decision 233: "which setting turns off autosave" / "… turns on …" was a hit (0.997)
// because only "turn", "turned" and "turning" were read with their particle (decision 236).
describe('a switching verb in any form, with its particle', () => {
  it('refuses on against off whatever the verb form', () => {
    for (const [a, b] of [
      ['which setting turns off autosave in VS Code', 'which setting turns on autosave in VS Code'],
      [
        'the button that switches off wifi on my router',
        'the button that switches on wifi on my router',
      ],
      ['which command powers off the vm', 'which command powers on the vm'],
      ['which shortcut toggles on dark mode', 'which shortcut toggles off dark mode'],
      ['why does my laptop keep powering off', 'why does my laptop keep powering on'],
    ])
      assert.equal(checkGuards(a as string, b as string), 'negation', `${a} / ${b}`);
  });

  it('keeps one switch said two ways', () => {
    for (const [a, b] of [
      ['turn off autosave in VS Code', 'disable autosave in VS Code'],
      ['which setting turns off autosave', 'which setting disables autosave'],
      ['which command powers off the vm', 'which command shuts down the vm'],
    ])
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
  });
});
