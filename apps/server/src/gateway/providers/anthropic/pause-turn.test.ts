import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anthropicPausedTurn as paused } from './pause-turn.ts';

const request = { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Tides?' }] };
const searchUse = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} };

test('only a pause_turn is continued, its content appended unchanged, the request left as it was', () => {
  assert.equal(paused.continuation(request, { stop_reason: 'end_turn', content: [] }), undefined);
  const next = paused.continuation(request, { stop_reason: 'pause_turn', content: [searchUse] });
  assert.deepEqual(next, {
    ...request,
    messages: [...request.messages, { role: 'assistant', content: [searchUse] }],
  });
  assert.equal(request.messages.length, 1);
});

test('joined answers: blocks in order, every count summed, the last stop', () => {
  const usage = (input: number, read: number) => ({
    input_tokens: input,
    output_tokens: 10,
    cache_read_input_tokens: read,
    server_tool_use: { web_search_requests: 1 },
  });
  const joined = paused.join([
    { id: 'msg_1', content: [searchUse], stop_reason: 'pause_turn', usage: usage(100, 5) },
    {
      id: 'msg_2',
      content: [{ type: 'text', text: 'Hi' }],
      stop_reason: 'end_turn',
      usage: usage(200, 7),
    },
  ]) as Record<string, unknown>;
  assert.equal(joined.id, 'msg_1');
  assert.equal(joined.stop_reason, 'end_turn');
  assert.deepEqual(joined.content, [searchUse, { type: 'text', text: 'Hi' }]);
  assert.deepEqual(joined.usage, {
    input_tokens: 300,
    output_tokens: 20,
    cache_read_input_tokens: 12,
    cache_creation_input_tokens: 0,
    server_tool_use: { web_search_requests: 2 },
  });
});

test("a continuation may write only the caller's max_tokens left after the calls before it", () => {
  const capped = { ...request, max_tokens: 1_000 };
  const pausedAfter = (output: number) => ({
    stop_reason: 'pause_turn',
    content: [searchUse],
    usage: { input_tokens: 50, output_tokens: output },
  });
  const second = paused.continuation(capped, pausedAfter(300)) as Record<string, unknown>;
  assert.equal(second.max_tokens, 700);
  const third = paused.continuation(second, pausedAfter(650)) as Record<string, unknown>;
  assert.equal(third.max_tokens, 50);
  assert.equal(paused.continuation(third, pausedAfter(50)), undefined, 'nothing left: stays cut');
});

test('a thinking budget the room left cannot exceed ends the turn where it paused', () => {
  const thinking = {
    ...request,
    max_tokens: 12_000,
    thinking: { type: 'enabled', budget_tokens: 10_000 },
  };
  const after = (output: number) => ({
    stop_reason: 'pause_turn',
    content: [searchUse],
    usage: { output_tokens: output },
  });
  assert.equal(
    (paused.continuation(thinking, after(1_500)) as Record<string, unknown>).max_tokens,
    10_500,
  );
  assert.equal(paused.continuation(thinking, after(2_000)), undefined);
});

test('an odd output count never raises the cap nor asks for part of a token', () => {
  const capped = { ...request, max_tokens: 1_000 };
  const after = (output: unknown) => ({
    stop_reason: 'pause_turn',
    content: [searchUse],
    usage: { output_tokens: output },
  });
  const next = (output: unknown) =>
    (paused.continuation(capped, after(output)) as Record<string, unknown>).max_tokens;
  assert.equal(next(-200), 1_000);
  assert.equal(next(300.5), 699);
  assert.equal(next(Number.NaN), 1_000);
});
