import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatSse, parseSseBatches, type SseEvent } from './sse.ts';

const encoder = new TextEncoder();

async function parseChunks(chunks: Uint8Array[]): Promise<SseEvent[]> {
  async function* source() {
    yield* chunks;
  }
  const out: SseEvent[] = [];
  for await (const batch of parseSseBatches(source())) out.push(...batch);
  return out;
}

const STREAM =
  ': keep-alive comment\r\n' +
  'event: message_start\r\n' +
  'data: {"type":"message_start","text":"héllo 🐉"}\r\n' +
  '\r\n' +
  'data: first line\r\n' +
  'data: second line\r\n' +
  'id: 7\r\n' +
  '\r\n' +
  'event: ping\r\n' +
  '\r\n' +
  'data:no-space\r\n' +
  '\r\n';

const EXPECTED: SseEvent[] = [
  { event: 'message_start', data: '{"type":"message_start","text":"héllo 🐉"}' },
  { data: 'first line\nsecond line' },
  { data: 'no-space' },
];

test('events survive being split at every byte, multi-byte characters included', async () => {
  const bytes = encoder.encode(STREAM);
  for (let cut = 0; cut <= bytes.length; cut++) {
    const events = await parseChunks([bytes.slice(0, cut), bytes.slice(cut)]);
    assert.deepEqual(events, EXPECTED, `split at byte ${cut}`);
  }
  const oneByOne = await parseChunks([...bytes].map((b) => Uint8Array.of(b)));
  assert.deepEqual(oneByOne, EXPECTED);
});

test('LF and lone CR line endings read the same as CRLF', async () => {
  for (const ending of ['\n', '\r']) {
    const events = await parseChunks([encoder.encode(STREAM.replaceAll('\r\n', ending))]);
    assert.deepEqual(events, EXPECTED, JSON.stringify(ending));
  }
});

test('a last event without its blank line still arrives; a leading BOM is ignored', async () => {
  const events = await parseChunks([encoder.encode('\uFEFFdata: a\n\ndata: [DONE]')]);
  assert.deepEqual(events, [{ data: 'a' }, { data: '[DONE]' }]);
});

test('formatSse writes JSON or raw strings, one data line per line, with an optional event', async () => {
  assert.equal(formatSse({ a: 1 }), 'data: {"a":1}\n\n');
  assert.equal(formatSse('[DONE]'), 'data: [DONE]\n\n');
  assert.equal(formatSse({ type: 'ping' }, 'ping'), 'event: ping\ndata: {"type":"ping"}\n\n');
  const text = formatSse('two\nlines', 'note') + formatSse({ ok: true });
  assert.deepEqual(await parseChunks([encoder.encode(text)]), [
    { event: 'note', data: 'two\nlines' },
    { data: '{"ok":true}' },
  ]);
});

test('each read yields the events it completed, as one batch; a read that completes none yields nothing', async () => {
  async function* reads() {
    yield encoder.encode('data: a\n\ndata: b\n\ndata: c');
    yield encoder.encode(' still c');
    yield encoder.encode('\n\ndata: d\n\n');
  }
  const batches: SseEvent[][] = [];
  for await (const batch of parseSseBatches(reads())) batches.push(batch);
  assert.deepEqual(batches, [
    [{ data: 'a' }, { data: 'b' }],
    [{ data: 'c still c' }, { data: 'd' }],
  ]);
});

test('the event limit counts bytes, as a provider sends them, not UTF-16 units', async () => {
  const read = async (text: string, limit: number) => {
    // A few bytes per read, as a long event arrives over many reads.
    const bytes = encoder.encode(text);
    async function* source() {
      for (let at = 0; at < bytes.length; at += 8) yield bytes.slice(at, at + 8);
    }
    const out: SseEvent[] = [];
    for await (const batch of parseSseBatches(source(), limit)) out.push(...batch);
    return out;
  };
  // 12 characters, 36 bytes of UTF-8: over a 30-byte limit, held whole or still without its end.
  await assert.rejects(read(`data: ${'€'.repeat(12)}\n\n`, 30), /30 bytes/);
  await assert.rejects(read(`data: ${'€'.repeat(12)}`, 30), /30 bytes/);
  // Several data lines of one event add up the same way.
  await assert.rejects(read(`data: ${'€'.repeat(6)}\ndata: ${'€'.repeat(6)}\n\n`, 30), /30 bytes/);
  // Within the limit, counted in bytes: read as usual.
  assert.deepEqual(await read(`data: ${'€'.repeat(9)}\n\n`, 30), [{ data: '€'.repeat(9) }]);
});
