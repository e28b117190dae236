import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { useGatewayFixture } from './use-gateway-fixture.ts';
import { WORDY } from './wordy-prompt.ts';

type Sent = Record<string, unknown> & { messages?: { role: string; content: string }[] };

/**
 * OpenAI's legacy text completions (`client.completions.create`) through the gateway (decision
 * 152): to OpenAI's completion models as they are, to any chat model as one user message, with
 * the SDK's own parsing and streaming as the judge.
 */
describe('POST /v1/completions through the openai SDK', () => {
  const f = useGatewayFixture();
  const bypass = { headers: { 'x-tokenwise-cache': 'bypass' } };

  test('a completion model gets OpenAI /v1/completions, and the answer is a text_completion', async () => {
    f.mock.reset();
    f.mock.enqueue({ reply: ' This is indeed a test.', usage: { input: 5, output: 7 } });
    const { data, response } = await f.openai.completions
      .create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say this is a test.', max_tokens: 7 })
      .withResponse();
    assert.equal(data.object, 'text_completion');
    assert.match(data.id, /^cmpl-/);
    assert.equal(data.model, 'gpt-3.5-turbo-instruct');
    assert.equal(data.choices[0]?.text, ' This is indeed a test.');
    assert.equal(data.choices[0]?.finish_reason, 'stop');
    assert.equal(data.choices[0]?.logprobs, null);
    assert.deepEqual(data.usage, { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 });
    assert.equal(response.headers.get('x-cache'), 'MISS');

    const sent = f.mock.calls.at(-1);
    assert.equal(sent?.path, '/openai/v1/completions');
    const body = sent?.body as Sent | undefined;
    assert.equal(body?.model, 'gpt-3.5-turbo-instruct');
    assert.match(String(body?.prompt), /test\.$/);
    assert.equal(body?.max_tokens, 7);
    assert.equal(body?.messages, undefined);

    const row = (await f.logs())[0];
    assert.equal(row?.id, response.headers.get('x-request-id'));
    assert.equal(row?.endpoint, 'completions');
    assert.equal(row?.status, 'success');
    assert.equal(row?.tokens_in, 5);
  });

  test('streamed to a completion model: text chunks, logprobs and echo as OpenAI sends them, usage last', async () => {
    f.mock.reset();
    f.mock.enqueue({ reply: ' blue and wide', usage: { input: 4, output: 3 } });
    const stream = await f.openai.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'The sky is',
      stream: true,
      logprobs: 2,
      echo: true,
      stream_options: { include_usage: true },
      ...bypass,
    });
    const texts: string[] = [];
    const tokens: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      assert.equal(chunk.object, 'text_completion');
      for (const choice of chunk.choices) {
        texts.push(choice.text);
        tokens.push(...(choice.logprobs?.tokens ?? []));
        finish = choice.finish_reason ?? finish;
      }
      if (chunk.usage) usage = chunk.usage;
    }
    assert.equal(texts.join(''), 'The sky is blue and wide');
    assert.equal(tokens.join(''), 'The sky is blue and wide', 'logprobs of every token');
    assert.equal(finish, 'stop');
    assert.deepEqual(usage, { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 });
    const body = f.mock.calls.at(-1)?.body as Sent | undefined;
    assert.equal(f.mock.calls.at(-1)?.path, '/openai/v1/completions');
    assert.deepEqual([body?.logprobs, body?.echo, body?.stream], [2, true, true]);
  });

  test('an answer with logprobs is not cached: the same prompt again gets its logprobs', async () => {
    f.mock.reset();
    const ask = () =>
      f.openai.completions
        .create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Roses are red,', logprobs: 0 })
        .withResponse();
    const first = await ask();
    assert.ok(first.data.choices[0]?.logprobs?.tokens?.length, 'logprobs came back');
    const second = await ask();
    assert.equal(second.response.headers.get('x-cache'), 'MISS');
    assert.equal(f.mock.callCount('openai'), 2, 'asked again, not served a stored answer');
    assert.deepEqual(second.data.choices[0]?.logprobs, first.data.choices[0]?.logprobs);
  });

  test('a completion model asked on /v1/chat/completions with one user message gets its prompt too', async () => {
    f.mock.reset();
    const answer = await f.openai.chat.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      messages: [{ role: 'user', content: 'Once upon a time' }],
      ...bypass,
    });
    assert.equal(answer.choices[0]?.message.content, 'Echo: Once upon a time');
    assert.equal(f.mock.calls.at(-1)?.path, '/openai/v1/completions');
    const err = await f.openai.chat.completions
      .create({
        model: 'gpt-3.5-turbo-instruct',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Once upon a time' },
        ],
      })
      .catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.BadRequestError, String(err));
    assert.match(err.message, /text completion model.*\/v1\/completions/);
    assert.equal(f.mock.callCount('openai'), 1, 'refused without a call');
  });

  test('a chat model of any provider answers the prompt as one user message', async () => {
    for (const model of [
      'gpt-4o-mini',
      'claude-sonnet-4-5',
      'gemini-2.5-flash',
      'mistral-small-latest',
    ]) {
      f.mock.reset();
      const answer = await f.openai.completions.create({
        model,
        prompt: `Haiku about ${model}`,
        max_tokens: 40,
        temperature: 0.2,
        stop: ['\n\n'],
        ...bypass,
      });
      assert.equal(answer.object, 'text_completion', model);
      assert.equal(answer.choices.length, 1, model);
      assert.equal(answer.choices[0]?.text, `Echo: Haiku about ${model}`, model);
      assert.equal(answer.choices[0]?.finish_reason, 'stop', model);
      assert.ok((answer.usage?.completion_tokens ?? 0) > 0, model);
      const sent = f.mock.calls.at(-1);
      assert.ok(!sent?.path.endsWith('/v1/completions'), `${model}: the chat endpoint`);
      assert.equal(sent?.parsed?.lastUserText, `Haiku about ${model}`, model);
    }
    // The chat request as OpenAI reads it.
    f.mock.reset();
    await f.openai.completions.create({ model: 'gpt-4o-mini', prompt: ['Only one'], ...bypass });
    const body = f.mock.calls.at(-1)?.body as Sent | undefined;
    assert.deepEqual(body?.messages, [{ role: 'user', content: 'Only one' }]);
  });

  test('streamed from a chat model, with n and echo: every choice, prompt first, then [DONE]', async () => {
    f.mock.reset();
    const stream = await f.openai.completions.create({
      model: 'gpt-4o-mini',
      prompt: 'Count to three:',
      n: 2,
      echo: true,
      stream: true,
      ...bypass,
    });
    const byChoice = new Map<number, string[]>();
    let sawUsage = false;
    for await (const chunk of stream) {
      assert.equal(chunk.object, 'text_completion');
      assert.match(chunk.id, /^cmpl-/);
      if (chunk.usage) sawUsage = true;
      for (const choice of chunk.choices) {
        const parts = byChoice.get(choice.index) ?? [];
        parts.push(choice.text);
        byChoice.set(choice.index, parts);
      }
    }
    assert.deepEqual([...byChoice.keys()].sort(), [0, 1]);
    for (const parts of byChoice.values()) {
      assert.equal(parts.join(''), 'Count to three:Echo: Count to three:');
    }
    assert.equal(sawUsage, false, 'usage only when include_usage is asked');
    assert.equal((f.mock.calls.at(-1)?.body as Sent | undefined)?.n, 2);
  });

  test('echo gives back the prompt as the caller wrote it, not as compression left it', async () => {
    f.mock.reset();
    const prompt = WORDY;
    const squeeze = {
      headers: { ...bypass.headers, 'x-tokenwise-optimization-level': 'balanced' },
    };
    const echoed = await f.openai.completions.create(
      { model: 'gpt-3.5-turbo-instruct', prompt, echo: true },
      squeeze,
    );
    assert.ok(echoed.choices[0]?.text.startsWith(prompt), echoed.choices[0]?.text);
    // Without echo the same prompt is compressed as any other.
    await f.openai.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt }, squeeze);
    assert.notEqual((f.mock.calls.at(-1)?.body as Sent | undefined)?.prompt, prompt);
  });

  test('personal data is redacted and restored, and the same prompt again is a cache hit', async () => {
    f.mock.reset();
    const ask = () =>
      f.openai.completions
        .create({
          model: 'gpt-4o-mini',
          prompt: 'Draft a reply to jane.doe@example.com about rent',
        })
        .withResponse();
    const first = await ask();
    const sent = JSON.stringify(f.mock.calls.at(-1)?.body);
    assert.ok(!sent.includes('jane.doe@example.com'), 'the provider saw no email');
    assert.match(sent, /\[EMAIL_REDACTED_1\]/);
    assert.match(first.data.choices[0]?.text ?? '', /jane\.doe@example\.com/);
    assert.equal(first.response.headers.get('x-cache'), 'MISS');
    const calls = f.mock.calls.length;
    const second = await ask();
    assert.equal(second.response.headers.get('x-cache'), 'HIT');
    assert.equal(f.mock.calls.length, calls, 'the provider is not asked again');
    assert.equal(second.data.choices[0]?.text, first.data.choices[0]?.text);
    const row = (await f.logs())[0];
    assert.equal(row?.endpoint, 'completions');
    assert.ok(!(row?.original_text ?? '').includes('jane.doe@example.com'));
  });

  test('what a chat model cannot do is a 400 in OpenAI shape, with no upstream call', async () => {
    f.mock.reset();
    const cases: [Record<string, unknown>, RegExp, string | null][] = [
      [{ model: 'gpt-4o-mini', prompt: [1, 2, 3] }, /token/, 'prompt'],
      [{ model: 'gpt-3.5-turbo-instruct', prompt: [[1, 2], [3]] }, /token/, 'prompt'],
      [{ model: 'gpt-4o-mini', prompt: Array(17).fill('one') }, /up to 16 prompts/, 'prompt'],
      [{ model: 'gpt-4o-mini', prompt: [] }, /prompt is empty/, 'prompt'],
      [{ model: 'claude-sonnet-4-5', prompt: 'x', suffix: ' end' }, /suffix/, 'suffix'],
      [{ model: 'gpt-4o-mini', prompt: 'x', best_of: 3 }, /best_of/, 'best_of'],
      [{ model: 'gemini-2.5-flash', prompt: 'x', logprobs: 2 }, /logprobs/, 'logprobs'],
      [{ model: 'gpt-4o-mini' }, /prompt/, 'prompt'],
    ];
    for (const [body, message, param] of cases) {
      const err = await f.openai.completions
        .create(body as unknown as OpenAI.CompletionCreateParamsNonStreaming)
        .catch((e: unknown) => e);
      assert.ok(err instanceof OpenAI.BadRequestError, `${JSON.stringify(body)}: ${String(err)}`);
      assert.match(err.message, message, JSON.stringify(body));
      assert.equal(err.param, param, JSON.stringify(body));
      assert.equal(err.type, 'invalid_request_error');
    }
    // best_of equal to n asks for nothing more than n: served.
    const same = await f.openai.completions.create({
      model: 'gpt-4o-mini',
      prompt: 'Pick a colour',
      best_of: 1,
      ...bypass,
    });
    assert.equal(same.choices.length, 1);
    assert.equal(f.mock.callCount(), 1, 'only the served request reached a provider');
  });

  test('an unknown /v1 path names /v1/completions among the served endpoints', async () => {
    const res = await fetch(`${f.server.url}/v1/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.gatewayKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(res.status, 404);
    const body = (await res.json()) as { error: { message: string } };
    assert.match(body.error.message, /POST \/v1\/completions/);
  });
});
