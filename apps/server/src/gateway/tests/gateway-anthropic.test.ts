import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from './use-gateway-fixture.ts';

describe('gateway through the @anthropic-ai/sdk /v1/messages', () => {
  const f = useGatewayFixture();

  test('non-streaming message to claude and to another provider', async () => {
    for (const model of ['claude-3-5-haiku-latest', 'openai/gpt-4o-mini']) {
      const msg = await f.anthropic.messages.create({
        model,
        max_tokens: 100,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hi from the anthropic SDK' }],
      });
      assert.equal(msg.type, 'message');
      const block = msg.content[0];
      assert.equal(block?.type, 'text');
      assert.match(block?.type === 'text' ? block.text : '', /Hi from the anthropic SDK/);
      assert.ok(msg.usage.input_tokens > 0 && msg.usage.output_tokens > 0);
    }
    const rows = await f.logs();
    assert.equal(rows.length, 2);
    assert.ok(rows.every((r) => r.endpoint === 'messages' && r.status === 'success'));
  });

  test('streaming message events assemble into the final message', async () => {
    const stream = f.anthropic.messages.stream({
      model: 'claude-3-5-haiku-latest',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Stream me something about whales' }],
    });
    let deltas = '';
    stream.on('text', (t) => {
      deltas += t;
    });
    const final = await stream.finalMessage();
    const block = final.content[0];
    assert.match(block?.type === 'text' ? block.text : '', /whales/);
    assert.equal(deltas, block?.type === 'text' ? block.text : '');
    assert.ok(final.usage.output_tokens > 0);
    assert.equal(final.stop_reason, 'end_turn');
  });

  test('tool use comes back as a tool_use block', async () => {
    f.mock.enqueue({ toolCall: { name: 'lookup', arguments: { q: 'x' } } }, 'anthropic');
    const msg = await f.anthropic.messages.create({
      model: 'claude-3-5-haiku-latest',
      max_tokens: 100,
      tools: [
        { name: 'lookup', input_schema: { type: 'object', properties: { q: { type: 'string' } } } },
      ],
      messages: [{ role: 'user', content: 'look it up' }],
    });
    const block = msg.content.find((b) => b.type === 'tool_use');
    assert.equal(block?.type === 'tool_use' ? block.name : '', 'lookup');
    assert.deepEqual(block?.type === 'tool_use' ? block.input : null, { q: 'x' });
    assert.equal(msg.stop_reason, 'tool_use');
  });

  test('x-api-key works and a bad key is an Anthropic-format 401', async () => {
    const res = await fetch(`${f.server.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': 'tw_wrong',
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({
        model: 'claude-3-5-haiku-latest',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    assert.equal(res.status, 401);
    const body = (await res.json()) as { type: string; error: { type: string; message: string } };
    assert.equal(body.type, 'error');
    assert.equal(body.error.type, 'authentication_error');
  });
});
