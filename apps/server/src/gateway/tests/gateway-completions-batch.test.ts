import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import OpenAI from 'openai';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Sent = Record<string, unknown> & { messages?: { role: string; content: string }[] };

/**
 * Several prompts in one legacy completions request, and a chat model's logprobs in the legacy
 * lists (decision 155), with the openai SDK's own parsing and streaming as the judge.
 */
describe('POST /v1/completions: several prompts, and logprobs from OpenAI chat models', () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };
  const bodies = (count: number) =>
    f.mock.calls.slice(-count).map((c) => c.body as Sent | undefined);

  beforeEach(() => f.mock.reset());

  test('a chat model answers each prompt: choices numbered prompt by prompt, usage added up, one log row each', async () => {
    const prompts = ['Name a colour:', 'Name a fruit for ann@example.org:', 'Name a tree:'];
    for (let i = 0; i < prompts.length; i++) f.mock.enqueue({ usage: { input: 5, output: 7 } });
    const before = (await f.logs()).length;
    const answer = await f.openai.completions.create(
      { model: 'gpt-4o-mini', prompt: prompts, n: 2 },
      bypass,
    );
    assert.equal(f.mock.callCount(), 3, 'one provider call per prompt');
    assert.ok(!JSON.stringify(bodies(3)).includes('ann@example.org'), 'each prompt is redacted');
    // OpenAI's order: prompt p's choice i is choice p * n + i.
    assert.deepEqual(
      answer.choices.map((c) => [c.index, c.text]),
      [0, 1, 2, 3, 4, 5].map((i) => [i, `Echo: ${prompts[Math.floor(i / 2)]}`]),
    );
    assert.deepEqual(answer.usage, { prompt_tokens: 15, completion_tokens: 21, total_tokens: 36 });
    const rows = await f.logs();
    assert.equal(rows.length - before, 3);
    assert.ok(rows.slice(0, 3).every((r) => r.endpoint === 'completions'));
  });

  test('16 prompts, the most one request may hold, are served without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const warned = (w: Error) => warnings.push(w.name);
    process.on('warning', warned);
    try {
      const prompts = Array.from({ length: 16 }, (_, i) => `Prompt ${i}:`);
      const answer = await f.openai.completions.create(
        { model: 'gpt-4o-mini', prompt: prompts },
        bypass,
      );
      assert.deepEqual(
        answer.choices.map((c) => c.text),
        prompts.map((p) => `Echo: ${p}`),
      );
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings, []);
    } finally {
      process.off('warning', warned);
    }
  });

  test('streamed: every prompt in turn, each choice under its number, one usage chunk for all', async () => {
    for (let i = 0; i < 2; i++) f.mock.enqueue({ usage: { input: 4, output: 3 } });
    const stream = await f.openai.completions.create({
      model: 'gpt-4o-mini',
      prompt: ['Say A:', 'Say B:'],
      echo: true,
      stream: true,
      stream_options: { include_usage: true },
      ...bypass,
    });
    const byChoice = new Map<number, string>();
    const usages: OpenAI.CompletionUsage[] = [];
    const finished: number[] = [];
    for await (const chunk of stream) {
      if (chunk.usage) usages.push(chunk.usage);
      for (const c of chunk.choices) {
        byChoice.set(c.index, (byChoice.get(c.index) ?? '') + c.text);
        if (c.finish_reason) finished.push(c.index);
      }
    }
    assert.deepEqual(Object.fromEntries(byChoice), {
      0: 'Say A:Echo: Say A:',
      1: 'Say B:Echo: Say B:',
    });
    assert.deepEqual(finished, [0, 1]);
    assert.deepEqual(usages, [{ prompt_tokens: 8, completion_tokens: 6, total_tokens: 14 }]);
  });

  test('a text completion model gets each prompt as its own call', async () => {
    const answer = await f.openai.completions.create(
      { model: 'gpt-3.5-turbo-instruct', prompt: ['Roses are', 'Violets are'] },
      bypass,
    );
    // The prompts' calls go out together, so the provider may see them in either order.
    assert.deepEqual(
      bodies(2)
        .map((b) => b?.prompt)
        .sort(),
      ['Roses are', 'Violets are'],
    );
    assert.deepEqual(
      answer.choices.map((c) => c.index),
      [0, 1],
    );
  });

  test("an OpenAI chat model's logprobs come back as the legacy lists, plain and streamed", async () => {
    const prompt = 'The sky is';
    const answer = await f.openai.completions.create(
      { model: 'gpt-4o-mini', prompt, logprobs: 2 },
      bypass,
    );
    const sent = bodies(1)[0];
    assert.deepEqual([sent?.logprobs, sent?.top_logprobs], [true, 2]);
    const choice = answer.choices[0];
    const lists = choice?.logprobs;
    assert.equal(lists?.tokens?.join(''), choice?.text, 'a logprob for every token');
    assert.equal(lists?.token_logprobs?.length, lists?.tokens?.length);
    assert.equal(lists?.top_logprobs?.length, lists?.tokens?.length);
    // Offsets count from the prompt's start, as OpenAI's legacy answers do without echo.
    assert.equal(lists?.text_offset?.[0], prompt.length);
    assert.equal(lists?.text_offset?.[1], prompt.length + (lists?.tokens?.[0]?.length ?? 0));

    const stream = await f.openai.completions.create({
      model: 'gpt-4o-mini',
      prompt,
      logprobs: 0,
      stream: true,
      ...bypass,
    });
    let text = '';
    const tokens: string[] = [];
    const offsets: number[] = [];
    for await (const chunk of stream) {
      for (const c of chunk.choices) {
        text += c.text;
        tokens.push(...(c.logprobs?.tokens ?? []));
        offsets.push(...(c.logprobs?.text_offset ?? []));
      }
    }
    assert.equal(tokens.join(''), text);
    assert.deepEqual(
      offsets,
      tokens.map((_, i) => prompt.length + tokens.slice(0, i).join('').length),
    );
  });

  test('logprobs a chat model cannot give are a 400 naming the field, with no upstream call', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ model: 'claude-sonnet-4-5', prompt: 'x', logprobs: 1 }, /only OpenAI's chat models/],
      [{ model: 'gpt-4o-mini', prompt: 'x', logprobs: 1, echo: true }, /never for the prompt/],
    ];
    for (const [body, message] of cases) {
      const err = await f.openai.completions
        .create(body as unknown as OpenAI.CompletionCreateParamsNonStreaming)
        .catch((e: unknown) => e);
      assert.ok(err instanceof OpenAI.BadRequestError, `${JSON.stringify(body)}: ${String(err)}`);
      assert.match(err.message, message);
      assert.equal(err.param, 'logprobs');
    }
    assert.equal(f.mock.callCount(), 0);
  });
});
