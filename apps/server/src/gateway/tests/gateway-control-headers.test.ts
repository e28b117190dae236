import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const model = 'openai/gpt-4o-mini';

const BAD_HEADERS: [string, string, RegExp][] = [
  ['x-tokenwise-optimization-level', 'max', /conservative, balanced, aggressive or off/],
  ['x-tokenwise-pin-model', 'maybe', /true or false/],
  ['x-tokenwise-cache', 'sometimes', /bypass, refresh or no-store/],
  ['x-tokenwise-cache-ttl', '1e3', /whole seconds from 1 to 2592000/],
  ['x-tokenwise-cache-ttl', '0', /whole seconds/],
  ['x-tokenwise-optimization-level', '', /conservative/],
];

describe('per-request control headers are checked before any stage', () => {
  const f = useGatewayFixture();

  const ask = (content: string, headers: Record<string, string> = {}) =>
    f.openai.chat.completions
      .create({ model, messages: [{ role: 'user', content }] }, { headers })
      .withResponse();

  test('a bad value is a 400 naming the header and its values, on a cache hit as on a miss', async () => {
    // A cached answer for this prompt: a hit used to skip the checks of later stages.
    await ask('What is the capital of Peru?');
    assert.equal(
      (await ask('What is the capital of Peru?')).response.headers.get('x-cache'),
      'HIT',
    );
    for (const prompt of ['What is the capital of Peru?', 'Something never asked before']) {
      for (const [name, value, allowed] of BAD_HEADERS) {
        const calls = f.mock.callCount();
        await assert.rejects(
          ask(prompt, { [name]: value }),
          (e: unknown) => {
            assert.ok(e instanceof OpenAI.BadRequestError, `${name}: ${value}`);
            assert.ok(e.message.includes(name), e.message);
            assert.match(e.message, allowed);
            assert.equal(e.code, 'invalid_header');
            return true;
          },
          `${name}: ${value} on "${prompt}"`,
        );
        assert.equal(f.mock.callCount(), calls, 'nothing went upstream');
      }
    }
  });

  test('Anthropic callers get the error in the Anthropic shape', async () => {
    await assert.rejects(
      f.anthropic.messages.create(
        { model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] },
        { headers: { 'x-tokenwise-pin-model': 'maybe' } },
      ),
      (e: unknown) => {
        assert.ok(e instanceof Anthropic.BadRequestError);
        const body = e.error as { type: string; error: { type: string; message: string } };
        assert.equal(body.type, 'error');
        assert.equal(body.error.type, 'invalid_request_error');
        assert.match(body.error.message, /x-tokenwise-pin-model.*true or false/);
        return true;
      },
    );
  });

  test('valid values pass whatever their case and surrounding spaces', async () => {
    const { data } = await ask('Tell me about llamas', {
      'x-tokenwise-pin-model': ' TRUE ',
      'x-tokenwise-optimization-level': 'Off',
      'x-tokenwise-cache': 'Bypass',
      'x-tokenwise-cache-ttl': '60',
    });
    assert.match(data.choices[0]?.message.content ?? '', /llamas/);
    const row = (await f.logs())[0];
    assert.equal(row?.cache_status, 'bypass');
    assert.equal(row?.optimization_level, null, 'off: no compression');
    const pinnedFalse = await ask('Tell me about alpacas', { 'x-tokenwise-pin-model': 'false' });
    assert.match(pinnedFalse.data.choices[0]?.message.content ?? '', /alpacas/);
  });
});
