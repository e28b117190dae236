import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import type { Dispatcher } from 'undici';
import { getProvider } from '../providers/registry.ts';
import {
  type ChatCompletionChunk,
  type ChunkBatches,
  GatewayError,
  type UpstreamTarget,
} from '../types.ts';
import { AttemptError } from './attempt-error.ts';
import { openStream } from './open-stream.ts';

const target: UpstreamTarget = {
  provider: 'mistral',
  model: 'mistral-small',
  apiKey: 'k',
  baseUrl: 'http://127.0.0.1:1',
};
const piece = (content: string, finish: string | null = null, extra = {}) =>
  `data: ${JSON.stringify({
    id: 'up-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'mistral-small',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
    ...extra,
  })}\n\n`;
const usage = { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 };

/** A provider answer whose body arrives in exactly these reads. */
function answer(reads: string[]): { res: Dispatcher.ResponseData; body: Readable } {
  const body = Readable.from(reads.map((r) => Buffer.from(r)));
  return { res: { statusCode: 200, body } as unknown as Dispatcher.ResponseData, body };
}

function open(res: Dispatcher.ResponseData): Promise<ChunkBatches> {
  const translator = getProvider('mistral').streamTranslator(target, { id: 'req-1', created: 5 });
  return openStream(res, translator, undefined);
}

async function batchesOf(chunks: ChunkBatches): Promise<ChatCompletionChunk[][]> {
  const out: ChatCompletionChunk[][] = [];
  for await (const batch of chunks) out.push(batch);
  return out;
}

const contents = (batch: ChatCompletionChunk[]) =>
  batch.map((c) => c.choices[0]?.delta.content ?? (c.usage ? 'usage' : '?'));

test('events one read holds come as one batch; an event split across reads comes with the read that completes it; usage on the last chunk closes the stream', async () => {
  const last = piece(' three', 'stop', { usage });
  const { res } = answer([
    piece('one') + piece(' two') + last.slice(0, 20),
    last.slice(20),
    'data: [DONE]\n\n',
  ]);
  const batches = await batchesOf(await open(res));
  assert.deepEqual(batches.map(contents), [['one', ' two'], [' three'], ['usage']]);
  const closing = batches[2]?.[0];
  assert.deepEqual(closing?.choices, []);
  assert.equal(closing?.usage?.total_tokens, 7);
  assert.equal(batches[0]?.[0]?.id, 'req-1', 'the gateway id, not the provider one');
});

test('an error event in the same read as content: the content goes out, then the error is thrown', async () => {
  const error = `data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })}\n\n`;
  const { res } = answer([piece('one') + piece(' two') + error]);
  const chunks = await open(res);
  const seen: string[][] = [];
  await assert.rejects(
    async () => {
      for await (const batch of chunks) seen.push(contents(batch));
    },
    (err: unknown) => err instanceof GatewayError && /overloaded/.test(err.message),
  );
  assert.deepEqual(seen, [['one', ' two']]);
});

test('an error event before any content is an attempt error, so it may be retried', async () => {
  const error = `data: ${JSON.stringify({ error: { message: 'busy', code: 503 } })}\n\n`;
  const { res, body } = answer([error + piece('never')]);
  await assert.rejects(open(res), (err: unknown) => err instanceof AttemptError);
  assert.ok(body.destroyed, 'the connection is freed');
});

test('a caller that stops after the first batch frees the provider connection', async () => {
  const { res, body } = answer([piece('one'), piece(' two'), piece(' three', 'stop')]);
  for await (const _ of await open(res)) break;
  assert.ok(body.destroyed);
});

test('a body that ends without a finish reason or [DONE] is a cut stream after the content', async () => {
  const { res } = answer([piece('one') + piece(' two')]);
  const chunks = await open(res);
  const seen: string[][] = [];
  await assert.rejects(
    async () => {
      for await (const batch of chunks) seen.push(contents(batch));
    },
    (err: unknown) => err instanceof GatewayError && /ended unexpectedly/.test(err.message),
  );
  assert.deepEqual(seen, [['one', ' two']]);
});
