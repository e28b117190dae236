// Issue 17: outside the last user message, aggressive pruning dropped the rare words that name
// things, and the word that makes a compound term with one (decision 157). The history and the
// system prompt keep no instruction's protection, so each sentence's content cap was spent on
// every candidate it had, the rarest included.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressMessages } from './compress-messages.ts';
import { familyRank } from './stages/rare-terms.ts';
import { stripBoilerplate } from './stages/strip-boilerplate.ts';

type Message = { role: string; content: string };

/** Compressed text of every message but the last, at aggressive. */
function history(messages: Message[]): string[] {
  return compressMessages(messages, 'aggressive')
    .messages.slice(0, -1)
    .map((m) => m.content as string);
}

describe('aggressive keeps rare terms in the history and the system prompt', () => {
  it('keeps the condition and the part a pet owner named in an earlier turn', () => {
    const [, user] = history([
      { role: 'system', content: 'You help the owners of pet rabbits.' },
      {
        role: 'user',
        content:
          'My rabbit has stopped eating hay since yesterday and her droppings are tiny. The vet mentioned gut stasis last year after she had a molar spur filed down.',
      },
      { role: 'user', content: 'Should I book an appointment today?' },
    ]);
    for (const term of ['droppings', 'gut stasis', 'molar spur'])
      assert.match(user ?? '', new RegExp(term, 'i'));
  });

  it("keeps the assistant's earlier diagnosis terms", () => {
    const [assistant] = history([
      {
        role: 'assistant',
        content:
          'Several eggs per cell and drone brood in worker cells point to laying workers, which happens when a colony has been queenless for weeks. Combining with a queenright colony usually works better than introducing a new queen.',
      },
      { role: 'user', content: 'Do I need to find the laying workers first?' },
    ]);
    for (const term of ['drone brood', 'queenless', 'queenright colony'])
      assert.match(assistant ?? '', new RegExp(term, 'i'));
  });

  it('keeps the tools a system prompt names outside its rules', () => {
    const [system] = history([
      {
        role: 'system',
        content:
          'You are a machining assistant for a job shop. The shop has a three-axis mill, a manual lathe and a bandsaw, and the coolant sits in a sump under each machine.',
      },
      { role: 'user', content: 'Which endmill should I use for aluminium?' },
    ]);
    for (const term of ['lathe', 'bandsaw', 'sump'])
      assert.match(system ?? '', new RegExp(term, 'i'));
  });

  it('still prunes the common words around them', () => {
    const [, user] = history([
      { role: 'system', content: 'You help the owners of pet rabbits.' },
      {
        role: 'user',
        content:
          'My rabbit has stopped eating hay since yesterday and her droppings are tiny. The vet mentioned gut stasis last year after she had a molar spur filed down.',
      },
      { role: 'user', content: 'Should I book an appointment today?' },
    ]);
    assert.doesNotMatch(user ?? '', /\bsince yesterday\b|\blast year\b/);
  });

  it('ranks a word by the commonest form of its family', () => {
    assert.equal(familyRank('rabbits'), familyRank('rabbit'));
    assert.equal(familyRank('ferries'), familyRank('ferry'));
  });
});

describe('share buttons on a line of their own', () => {
  const page =
    'The desk ships in May.\nShare this article: Facebook Twitter LinkedIn Email\nShare your screen with the support team.';

  it('go where menus go, and a sentence about sharing stays', () => {
    assert.equal(
      stripBoilerplate(page, true),
      'The desk ships in May.\nShare your screen with the support team.',
    );
  });

  it('stay at conservative, whose band has no room for menus either', () => {
    assert.equal(stripBoilerplate(page, false), page);
  });
});
