import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SemanticCache } from '../cache/semantic-cache.ts';
import { createLocalEmbedder } from '../embedding/local-embedder.ts';
import type { FirstCheckVeto } from './first-check-veto.ts';

const embedder = createLocalEmbedder();

const ask = (content: string) => ({
  accountId: 'acct_a',
  provider: 'openai',
  modelFamily: 'gpt-4o',
  messages: [{ role: 'user', content }],
  params: {},
});

/** A veto that refuses a cached prompt naming `word`, and records every similarity it is shown. */
function vetoOf(word: string): FirstCheckVeto & { shown: number[] } {
  const shown: number[] = [];
  return {
    shown,
    refuses(_queryText, _queryTerms, cachedText, _cachedTerms, similarity) {
      shown.push(similarity);
      return cachedText.includes(word);
    },
  };
}

async function lookupAgainst(
  cached: string,
  query: string,
  veto: FirstCheckVeto,
  explain: boolean,
) {
  const cache = new SemanticCache({ embedder, pairVerifier: false, firstCheckVeto: veto });
  cache.insert({ ...(await cache.prepare(ask(cached))), id: 'e1', expiresAt: Infinity });
  return cache.lookup(ask(query), { threshold: 0.95, nearestOnMiss: explain });
}

describe('the first check veto (decision 229)', () => {
  for (const explain of [true, false]) {
    it(`refuses a first-look hit it vetoes and keeps one it does not (nearestOnMiss ${explain})`, async () => {
      const cached = 'How do I reverse a list in Python?';
      const paraphrase = 'Hi! Could you tell me how to reverse a list in Python, please?';
      const keeps = vetoOf('Rust');
      const kept = await lookupAgainst(cached, paraphrase, keeps, explain);
      assert.equal(kept.kind, 'semantic');
      assert.ok((keeps.shown[0] ?? 0) >= 0.95, 'asked about the candidate at the threshold');
      const refuses = vetoOf('Python');
      const refused = await lookupAgainst(cached, paraphrase, refuses, explain);
      assert.equal(refused.kind, 'miss');
      if (explain) assert.equal(refused.kind === 'miss' && refused.best?.refusedBy, 'instruction');
    });
  }

  it('is not asked about a candidate a guard refuses, nor one below the threshold', async () => {
    const veto = vetoOf('never');
    await lookupAgainst(
      'How do I reverse a list in Python?',
      'How do I not reverse a list in Python?',
      veto,
      true,
    );
    await lookupAgainst(
      'How do I reverse a list in Python?',
      'What is the capital of France?',
      veto,
      true,
    );
    assert.deepEqual(veto.shown, []);
  });
});
