import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRemoteEmbedder, dot } from './embedder.ts';
import { createLocalEmbedder } from './local-embedder.ts';

const embedder = createLocalEmbedder();

async function similarity(a: string, b: string): Promise<number> {
  const [x, y] = await embedder.embed([a, b]);
  return dot(x ?? new Float32Array(), y ?? new Float32Array());
}

describe('local embedder', () => {
  it('returns unit vectors of the advertised size, the same for the same text', async () => {
    const [a, b] = await embedder.embed([
      'How do I reverse a list in Python?',
      'How do I reverse a list in Python?',
    ]);
    assert.equal(a?.length, embedder.dimensions);
    assert.ok(Math.abs(dot(a ?? new Float32Array(), a ?? new Float32Array()) - 1) < 1e-5);
    assert.deepEqual(a, b);
  });

  it('embeds a prompt whose words are also names of built-in object members', async () => {
    // "constructor" once read Object's own constructor from the irregular-forms table and threw.
    const score = await similarity(
      'What does a constructor do in Java?',
      'In Java, what does the constructor do?',
    );
    assert.ok(score > 0.9, `${score}`);
  });

  it('reads a common abbreviation as its word, folded like the word (decision 047)', async () => {
    // The canonical word of "k8s" is lemmatised as "Kubernetes" is: one term, not two.
    assert.deepEqual(
      embedder.termVectors('restart a pod in k8s').map((t) => t.term),
      embedder.termVectors('restart a pod in Kubernetes').map((t) => t.term),
    );
    const score = await similarity('rename a df column', 'rename a dataframe column');
    assert.ok(score > 0.99, `${score}`);
  });

  it('scores a polite rewording above a different question about the same thing', async () => {
    const cached = 'How do I delete a remote branch in git?';
    const polite = await similarity(
      'Hi, could you tell me how to remove a remote branch in git, please?',
      cached,
    );
    const different = await similarity('How do I rename a remote branch in git?', cached);
    const unrelated = await similarity('What is the capital of Australia?', cached);
    assert.ok(polite > different, `${polite} vs ${different}`);
    assert.ok(different > unrelated, `${different} vs ${unrelated}`);
  });

  it('folds inflections and common synonyms together', async () => {
    assert.ok(
      (await similarity(
        'How many calories does walking burn?',
        'How many calorie does walk burn',
      )) > 0.99,
    );
    assert.ok(
      (await similarity(
        'What is the odds of rolling a six',
        'What is the probability of rolling a six',
      )) > 0.99,
    );
  });

  it('embeds text without known words without failing', async () => {
    const [empty, unknown] = await embedder.embed(['', 'zxqv kubectl']);
    assert.equal(empty?.length, embedder.dimensions);
    assert.ok(
      Math.abs(dot(unknown ?? new Float32Array(), unknown ?? new Float32Array()) - 1) < 1e-5,
    );
  });

  it('changes its id when a setting changes the vectors', () => {
    assert.equal(createLocalEmbedder().id, embedder.id);
    assert.notEqual(createLocalEmbedder({ sifA: 1e-3 }).id, embedder.id);
  });

  it('keeps its id when only the calibration changes: stored vectors stay valid', () => {
    assert.equal(createLocalEmbedder({ rawCosineAtDefault: 0.75 }).id, embedder.id);
  });
});

describe('remote embedder', () => {
  it('normalises what the provider returns and checks its shape', async () => {
    const remote = createRemoteEmbedder({
      id: 'test-3',
      dimensions: 3,
      embed: async (texts) => texts.map(() => [3, 0, 4]),
    });
    const [vector] = await remote.embed(['x']);
    assert.deepEqual(
      Array.from(vector ?? []).map((v) => Math.round(v * 10) / 10),
      [0.6, 0, 0.8],
    );
    const wrong = createRemoteEmbedder({
      id: 'bad',
      dimensions: 2,
      embed: async () => [[1, 2, 3]],
    });
    await assert.rejects(wrong.embed(['x']), /expected 2 dimensions/);
  });
});
