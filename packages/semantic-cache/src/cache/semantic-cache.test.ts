import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalEmbedder } from '../embedding/local-embedder.ts';
import type { CacheKeyInput } from '../keys/cache-keys.ts';
import type { CacheEntry, LookupResult } from './cache-entry.ts';
import { SemanticCache } from './semantic-cache.ts';

const embedder = createLocalEmbedder();
const THRESHOLD = { threshold: 0.95 };
const HOUR = 3_600_000;

function request(question: string, overrides: Partial<CacheKeyInput> = {}): CacheKeyInput {
  return {
    accountId: 'acct_a',
    provider: 'openai',
    modelFamily: 'gpt-4o',
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: question },
    ],
    params: { temperature: 0 },
    ...overrides,
  };
}

function newCache(clock?: () => number) {
  return new SemanticCache({ embedder, clock });
}

/** The id of the entry that answered, or undefined on a miss. */
function answeredBy(result: LookupResult): string | undefined {
  return result.kind === 'miss' ? undefined : result.entry.id;
}

let ids = 0;
async function store(
  cache: SemanticCache,
  input: CacheKeyInput,
  ttl = HOUR,
  now = Date.now(),
): Promise<CacheEntry> {
  const entry = {
    ...(await cache.prepare(input)),
    id: `e${++ids}`,
    expiresAt: now + ttl,
    payload: { answer: 'cached' },
  };
  cache.insert(entry);
  return entry;
}

describe('SemanticCache lookups', () => {
  it('answers the same request from the exact layer', async () => {
    const cache = newCache();
    const entry = await store(cache, request('How do I reverse a list in Python?'));
    const result = await cache.lookup(request('How do I reverse a list in Python?  '), THRESHOLD);
    assert.equal(result.kind, 'exact');
    assert.equal(answeredBy(result), entry.id);
  });

  it('answers a paraphrase from the semantic layer', async () => {
    const cache = newCache();
    const entry = await store(cache, request('How do I reverse a list in Python?'));
    const result = await cache.lookup(
      request('Hi! Could you tell me how to reverse a list in Python, please?'),
      THRESHOLD,
    );
    assert.equal(answeredBy(result), entry.id);
    assert.ok(result.kind === 'semantic' && result.similarity >= 0.95);
  });

  it('misses a question that asks the opposite', async () => {
    const cache = newCache();
    await store(cache, request('How do I turn on dark mode in Chrome?'));
    const result = await cache.lookup(request('How do I turn off dark mode in Chrome?'), {
      threshold: 0,
    });
    assert.equal(result.kind, 'miss');
    assert.equal(result.kind === 'miss' && result.best?.refusedBy, 'negation');
  });

  const guardCases: [string, string, string][] = [
    ['number', 'How do I undo the last 3 git commits?', 'How do I undo the last 5 git commits?'],
    ['date', 'Is the office open on December 26?', 'Is the office open on December 24?'],
    ['entity', 'What is the capital of Australia?', 'What is the capital of Austria?'],
    [
      'code_identifier',
      'What does `getUserById` return for a missing user?',
      'What does `getUsersByIds` return for a missing user?',
    ],
  ];
  for (const [guard, cached, asked] of guardCases) {
    it(`refuses a near-identical prompt that differs in a ${guard}`, async () => {
      const cache = newCache();
      await store(cache, request(cached));
      // Threshold 0: whatever the similarity, the guard alone must refuse.
      const result = await cache.lookup(request(asked), { threshold: 0 });
      assert.equal(result.kind, 'miss');
      assert.equal(result.kind === 'miss' && result.best?.refusedBy, guard);
    });
  }

  it('misses an instruction added after a long shared text, however similar (issue 17)', async () => {
    const report =
      'Northwind closed the quarter with revenue of 48 million, up 6 percent. Retail grew fastest ' +
      'thanks to the autumn catalogue and a new store, while wholesale orders fell because two ' +
      'distributors delayed purchases. Marketing spent 3 million on the back-to-school campaign, ' +
      'which brought many loyalty members. The warehouse move finished two weeks late.';
    const cache = newCache();
    await store(cache, request(`Summarize this report. ${report}`));
    const result = await cache.lookup(
      request(`Summarize this report. ${report} Focus on the marketing department.`),
      THRESHOLD,
    );
    assert.equal(result.kind, 'miss');
    assert.ok(result.kind === 'miss' && (result.best?.similarity ?? 0) >= 0.95);
    assert.equal(result.kind === 'miss' && result.best?.refusedBy, 'instruction');
    const reworded = await cache.lookup(
      request(`Please summarise the following report: ${report}`),
      THRESHOLD,
    );
    assert.equal(reworded.kind, 'semantic');
  });

  it('an entry removed while the judgement around a shared text waits for embeddings is no hit', async () => {
    // A provider's embedder answers later: a Clear heard meanwhile must not be served (review of
    // stop 44). The removal happens when the remainders around the shared report are embedded.
    const report =
      'Northwind closed the quarter with revenue of 48 million, up 6 percent. Retail grew fastest ' +
      'thanks to the autumn catalogue and a new store, while wholesale orders fell because two ' +
      'distributors delayed purchases. Marketing spent 3 million on the back-to-school campaign, ' +
      'which brought many loyalty members. The warehouse move finished two weeks late.';
    let duringJudgement: (() => void) | undefined;
    const slow = {
      id: embedder.id,
      dimensions: embedder.dimensions,
      embed: async (texts: string[]) => {
        if (texts.some((t) => !t.includes('Northwind'))) duringJudgement?.();
        return embedder.embed(texts);
      },
    };
    const cache = new SemanticCache({ embedder: slow });
    const entry = await store(cache, request(`Summarize this report. ${report}`));
    const reworded = request(`Please summarise the following report: ${report}`);
    duringJudgement = () => cache.remove(entry.id);
    assert.equal((await cache.lookup(reworded, THRESHOLD)).kind, 'miss');
    duringJudgement = undefined;
    const again = await store(cache, request(`Summarize this report. ${report}`));
    assert.equal(answeredBy(await cache.lookup(reworded, THRESHOLD)), again.id, 'a hit otherwise');
  });

  it('reports the best candidate and the threshold when nothing is close enough', async () => {
    const cache = newCache();
    const entry = await store(cache, request('How do I reverse a list in Python?'));
    const result = await cache.lookup(request('What is the capital of France?'), THRESHOLD);
    assert.equal(result.kind, 'miss');
    assert.equal(result.kind === 'miss' && result.best?.entry.id, entry.id);
    assert.equal(result.kind === 'miss' && result.best?.refusedBy, 'threshold');
  });

  it("compares the threshold with the embedder's calibrated similarity", async () => {
    const cached = request('How can I undo my last git commit?');
    const reworded = request('git - revert the most recent commit, how?');
    const raw = newCache();
    await store(raw, cached);
    const before = await raw.lookup(reworded, THRESHOLD);
    assert.ok(before.kind === 'miss' && before.best?.refusedBy === 'threshold');
    const cosine = before.best.similarity;

    const calibrated = new SemanticCache({
      embedder: createLocalEmbedder({ rawCosineAtDefault: cosine - 0.01 }),
    });
    const entry = await store(calibrated, cached);
    const after = await calibrated.lookup(reworded, THRESHOLD);
    assert.equal(answeredBy(after), entry.id);
    assert.ok(after.kind === 'semantic' && after.similarity > 0.95 && after.similarity < 1);
  });

  it('answers a rewording whose content words agree, below the raw 0.95 (decision 022)', async () => {
    const cached = request('Write a bedtime story about a dragon.');
    const reworded = request('Tell me a bedtime story about a dragon.');
    const off = new SemanticCache({ embedder: createLocalEmbedder({ agreementFloor: 1 }) });
    await store(off, cached);
    const before = await off.lookup(reworded, THRESHOLD);
    assert.ok(before.kind === 'miss' && before.best?.refusedBy === 'threshold');
    assert.ok(before.best.similarity >= 0.8 && before.best.similarity < 0.95);

    const cache = newCache();
    const entry = await store(cache, cached);
    const after = await cache.lookup(reworded, THRESHOLD);
    assert.equal(answeredBy(after), entry.id);
    assert.ok(after.kind === 'semantic' && after.similarity >= 0.95 && after.similarity < 1);
  });

  it('lifts an agreeing candidate from a raw 0.7 (decision 047)', async () => {
    const cached = request('How do I set my username in git config?');
    const reworded = request('git config: set user name');
    const off = new SemanticCache({ embedder: createLocalEmbedder({ agreementFloor: 1 }) });
    await store(off, cached);
    const before = await off.lookup(reworded, THRESHOLD);
    assert.ok(before.kind === 'miss' && before.best?.refusedBy === 'threshold');
    assert.ok(before.best.similarity >= 0.7 && before.best.similarity < 0.8);

    const cache = newCache();
    const entry = await store(cache, cached);
    assert.equal(answeredBy(await cache.lookup(reworded, THRESHOLD)), entry.id);
  });

  it('refuses a near-miss whose only change is a prefix or a scope word (decision 047)', async () => {
    const cache = newCache();
    await store(cache, request('git show diff of staged changes'));
    await store(cache, request('vscode select all occurrences of word'));
    for (const query of [
      'git show diff of unstaged changes',
      'vscode select next occurrence of word',
    ]) {
      const result = await cache.lookup(request(query), THRESHOLD);
      assert.equal(result.kind, 'miss', query);
    }
  });

  it('does not lift a near candidate that changes the action (decision 022)', async () => {
    const cache = newCache();
    await store(cache, request('How do I list the npm packages installed globally?'));
    const result = await cache.lookup(
      request('How do I update the npm packages installed globally?'),
      THRESHOLD,
    );
    assert.equal(result.kind, 'miss');
  });

  it('never answers one account from another account’s entries', async () => {
    const cache = newCache();
    await store(cache, request('How do I reverse a list in Python?'));
    const other = { accountId: 'acct_b' };
    assert.equal(
      (await cache.lookup(request('How do I reverse a list in Python?', other), THRESHOLD)).kind,
      'miss',
    );
    const loose = await cache.lookup(request('How can I reverse a list in Python?', other), {
      threshold: 0,
    });
    assert.deepEqual(loose, { kind: 'miss' });
  });

  it('keeps providers and model families apart', async () => {
    const cache = newCache();
    await store(cache, request('How do I reverse a list in Python?'));
    for (const scope of [{ provider: 'anthropic' }, { modelFamily: 'gpt-4o-mini' }]) {
      const result = await cache.lookup(request('How do I reverse a list in Python?', scope), {
        threshold: 0,
      });
      assert.deepEqual(result, { kind: 'miss' });
    }
  });

  it('never matches the same question asked in another context', async () => {
    const cache = newCache();
    const question = 'How do I reverse a list in Python?';
    await store(cache, request(question));
    const contexts: Partial<CacheKeyInput>[] = [
      {
        messages: [
          { role: 'system', content: 'Answer like a pirate.' },
          { role: 'user', content: question },
        ],
      },
      {
        messages: [
          { role: 'system', content: 'You are a helpful assistant.' },
          { role: 'user', content: 'I use Python 2.' },
          { role: 'assistant', content: 'Noted.' },
          { role: 'user', content: question },
        ],
      },
      {
        params: { temperature: 0, tools: [{ type: 'function', function: { name: 'run_python' } }] },
      },
      { params: { temperature: 0.9 } },
      { params: { temperature: 0, response_format: { type: 'json_object' } } },
    ];
    for (const context of contexts) {
      const result = await cache.lookup(request(question, context), { threshold: 0 });
      assert.deepEqual(result, { kind: 'miss' }, JSON.stringify(context));
    }
  });
});

describe('SemanticCache lifetime', () => {
  it('stops answering from an entry once its TTL has passed', async () => {
    let now = 1_000_000;
    const cache = newCache(() => now);
    await store(cache, request('How do I reverse a list in Python?'), HOUR, now);
    now += HOUR - 1;
    assert.equal(
      (await cache.lookup(request('How do I reverse a list in Python?'), THRESHOLD)).kind,
      'exact',
    );
    now += 1;
    assert.equal(
      (await cache.lookup(request('How do I reverse a list in Python?'), THRESHOLD)).kind,
      'miss',
    );
    assert.equal(
      (await cache.lookup(request('How can I reverse a list in Python?'), { threshold: 0 })).kind,
      'miss',
    );
    assert.equal(cache.size(), 0);
  });

  it('purges expired entries and reports their ids', async () => {
    let now = 0;
    const cache = newCache(() => now);
    const short = await store(cache, request('How do I reverse a list in Python?'), 10, now);
    await store(cache, request('What is the capital of France?'), HOUR, now);
    now = 10;
    assert.deepEqual(cache.purgeExpired(), [short.id]);
    assert.equal(cache.size(), 1);
  });

  it('misses after an entry is removed by id', async () => {
    const cache = newCache();
    const entry = await store(cache, request('How do I reverse a list in Python?'));
    assert.equal(cache.remove(entry.id), true);
    assert.equal(cache.remove(entry.id), false);
    assert.equal(
      (await cache.lookup(request('How do I reverse a list in Python?'), { threshold: 0 })).kind,
      'miss',
    );
  });

  it('replaces an entry stored again for the same request', async () => {
    const cache = newCache();
    const first = await store(cache, request('How do I reverse a list in Python?'));
    const second = await store(cache, request('How do I reverse a list in Python?'));
    assert.equal(cache.size(), 1);
    assert.equal(cache.get(first.id), undefined);
    const result = await cache.lookup(request('How do I reverse a list in Python?'), THRESHOLD);
    assert.equal(answeredBy(result), second.id);
  });

  it('embeds a missed prompt once, even when the store comes after many other lookups', async () => {
    let embedded = 0;
    const counting = {
      id: embedder.id,
      dimensions: embedder.dimensions,
      embed: (texts: string[]) => {
        embedded += texts.length;
        return embedder.embed(texts);
      },
    };
    const cache = new SemanticCache({ embedder: counting, memoCapacity: 2 });
    const missed = request('How do I reverse a list in Python?');
    assert.equal((await cache.lookup(missed, THRESHOLD)).kind, 'miss');
    for (const q of ['What is the capital of France?', 'How tall is Everest?', 'Who wrote Hamlet?'])
      await cache.lookup(request(q), THRESHOLD);
    const before = embedded;
    await store(cache, missed);
    assert.equal(embedded, before, 'the store reused the vector of the lookup');
  });

  it('evicts the entries stored longest ago first, and they stop answering', async () => {
    const cache = newCache();
    const oldest = await store(cache, request('How do I reverse a list in Python?'));
    const middle = await store(cache, request('What is the capital of France?'));
    const newest = await store(cache, request('How tall is Mount Everest?'));
    assert.deepEqual(cache.evictOldest(2), [oldest.id, middle.id]);
    assert.equal(cache.size(), 1);
    const gone = await cache.lookup(request('How do I reverse a list in Python?'), THRESHOLD);
    assert.equal(gone.kind, 'miss');
    const kept = await cache.lookup(request('How tall is Mount Everest?'), THRESHOLD);
    assert.equal(answeredBy(kept), newest.id);
  });

  it('counts the bytes its entries hold, longer answers more, and gives them back', async () => {
    const cache = new SemanticCache({
      embedder,
      payloadBytes: (payload) => (payload as { answer: string }).answer.length,
    });
    const short = await store(cache, request('How do I reverse a list in Python?'));
    const one = cache.bytes();
    assert.ok(one > embedder.dimensions * 4, 'the vector is counted');
    const long = {
      ...(await cache.prepare(request('What is the capital of France?'))),
      id: 'long',
      expiresAt: Date.now() + HOUR,
      payload: { answer: 'Paris. '.repeat(1000) },
    };
    cache.insert(long);
    assert.ok(cache.bytes() - one > 7000, 'the longer answer is counted');
    cache.insert({ ...long, payload: { answer: 'Paris.' } });
    assert.ok(cache.bytes() < 3 * one, 'a replaced entry is counted once');
    cache.remove(short.id);
    cache.remove('long');
    assert.equal(cache.bytes(), 0);
  });
});

describe('SemanticCache invalidation', () => {
  async function filled() {
    const cache = newCache();
    const a = await store(cache, request('How do I reverse a list in Python?'));
    const b = await store(cache, request('How do I get a refund for my order?'));
    const c = await store(
      cache,
      request('How do I reverse a list in Python?', { accountId: 'acct_b' }),
    );
    const d = await store(
      cache,
      request('What is the capital of France?', { provider: 'anthropic' }),
    );
    return { cache, a, b, c, d };
  }

  it('removes entries whose prompt contains a substring', async () => {
    const { cache, b } = await filled();
    assert.deepEqual(cache.invalidate({ pattern: 'REFUND' }), [b.id]);
    assert.equal(
      (await cache.lookup(request('How do I get a refund for my order?'), THRESHOLD)).kind,
      'miss',
    );
  });

  it('removes entries whose whole prompt matches a glob', async () => {
    const { cache, a, c } = await filled();
    assert.deepEqual(
      cache.invalidate({ pattern: 'how do i reverse*' }).sort(),
      [a.id, c.id].sort(),
    );
    assert.deepEqual(cache.invalidate({ pattern: 'capital*' }), []);
  });

  it('removes everything of one account, and only that', async () => {
    const { cache, c } = await filled();
    assert.deepEqual(cache.invalidate({ accountId: 'acct_b' }), [c.id]);
    assert.equal(cache.size(), 3);
  });

  it('combines conditions and clears all with an empty filter', async () => {
    const { cache, a } = await filled();
    assert.deepEqual(cache.invalidate({ accountId: 'acct_a', pattern: 'python' }), [a.id]);
    assert.equal(cache.invalidate({}).length, 3);
    assert.equal(cache.size(), 0);
    assert.equal(
      (await cache.lookup(request('What is the capital of France?'), { threshold: 0 })).kind,
      'miss',
    );
  });
});

describe('SemanticCache bulk load', () => {
  it('loads stored entries, skips expired ones and re-embeds vectors of another size', async () => {
    const now = 5_000;
    const source = newCache(() => now);
    const fresh = {
      ...(await source.prepare(request('How do I reverse a list in Python?'))),
      id: 'x1',
      expiresAt: now + HOUR,
    };
    const old = {
      ...(await source.prepare(request('What is the capital of France?'))),
      id: 'x2',
      expiresAt: now,
    };
    const stale = {
      ...fresh,
      id: 'x3',
      exactKey: 'other',
      queryText: 'How do I get a refund?',
      vector: new Float32Array(3),
    };
    const cache = newCache(() => now);
    const report = await cache.load([fresh, old, stale]);
    assert.equal(report.loaded, 2);
    assert.equal(report.expired, 1);
    assert.deepEqual(
      report.reembedded.map((e) => [e.id, e.vector.length]),
      [['x3', embedder.dimensions]],
    );
    assert.equal(
      (await cache.lookup(request('How can I reverse a list in Python?'), THRESHOLD)).kind,
      'semantic',
    );
  });

  it('keeps finding entries after its index grows past the initial capacity', async () => {
    const cache = new SemanticCache({ embedder, index: { flatLimit: 4, initialCapacity: 8 } });
    const questions = Array.from(
      { length: 40 },
      (_, i) => `How do I configure service number ${i} with topic ${i * 7}?`,
    );
    for (const [i, question] of questions.entries()) {
      cache.insert({
        ...(await cache.prepare(request(question))),
        id: `g${i}`,
        expiresAt: Number.POSITIVE_INFINITY,
      });
    }
    assert.equal(cache.size(), 40);
    for (const [i, question] of questions.entries()) {
      const result = await cache.lookup(request(`${question} Thanks!`), THRESHOLD);
      assert.equal(answeredBy(result), `g${i}`, question);
    }
  });
});

describe('SemanticCache lookups that read only hits (decision 144)', () => {
  const hitOf = (r: LookupResult) =>
    r.kind === 'miss'
      ? r
      : { kind: r.kind, id: r.entry.id, similarity: r.similarity, verified: r.verified };
  const HIT_ONLY = { threshold: 0.95, nearestOnMiss: false };
  const report =
    'Northwind closed the quarter with revenue of 48 million, up 6 percent. Retail grew fastest ' +
    'thanks to the autumn catalogue and a new store, while wholesale orders fell because two ' +
    'distributors delayed purchases. Marketing spent 3 million on the back-to-school campaign, ' +
    'which brought many loyalty members. The warehouse move finished two weeks late.';
  const cached = [
    'How do I reverse a list in Python?',
    'How do I undo the last 3 git commits?',
    'How do I turn on dark mode in Chrome?',
    'What is the capital of Australia?',
    `Summarize this report. ${report}`,
    `Summarize this report for case 12. ${report}`,
  ];
  const asked = [
    'Hi! Could you tell me how to reverse a list in Python, please?',
    'What is the simplest way to reverse a Python list?',
    'How do I undo the last 5 git commits?',
    'How do I undo the last 3 git commits?',
    'How do I turn off dark mode in Chrome?',
    'What is the capital of Austria?',
    `Please summarise the following report: ${report}`,
    `Summarize this report. ${report} Focus on the marketing department.`,
    `Summarize this report for case 13. ${report}`,
  ];

  it('answers with the same entry and similarity as a lookup that explains its misses', async () => {
    const cache = newCache();
    for (const text of cached) await store(cache, request(text));
    let hits = 0;
    for (const text of asked) {
      for (const threshold of [0.9, 0.95, 1]) {
        const full = await cache.lookup(request(text), { threshold });
        const quick = await cache.lookup(request(text), { threshold, nearestOnMiss: false });
        if (full.kind === 'miss') {
          assert.deepEqual(quick, { kind: 'miss' }, text);
          continue;
        }
        hits += 1;
        assert.deepEqual(hitOf(quick), hitOf(full), text);
      }
    }
    assert.ok(hits >= 3, `only ${hits} hits`);
  });

  it('comes back from a miss without the nearest candidate, which the default still names', async () => {
    const cache = newCache();
    await store(cache, request('How do I undo the last 3 git commits?'));
    const asking = request('How do I undo the last 5 git commits?');
    assert.deepEqual(await cache.lookup(asking, { ...HIT_ONLY, threshold: 0 }), { kind: 'miss' });
    const explained = await cache.lookup(asking, { threshold: 0 });
    assert.equal(explained.kind === 'miss' && explained.best?.refusedBy, 'number');
  });
});
