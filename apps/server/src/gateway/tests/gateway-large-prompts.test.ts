import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import {
  PII_IN_THREAD_CHARS,
  PII_IN_THREAD_TEXTS,
  PII_MAX_DISTINCT_VALUES,
} from '../../domain/pii/redact-prompt-texts.ts';
import { randomWords } from '../../testing/random-words.ts';
import {
  CACHE_MAX_CHARS,
  CACHE_MAX_KEY_CHARS,
  IN_THREAD_OPTIMIZE_CHARS,
  OPTIMIZE_MAX_CHARS,
} from '../stages/limit-optimizations.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';

interface Sent {
  status: number;
  body: string;
}

/**
 * Posts `body` to the gateway; `uploaded` resolves once the last byte has left this process, so
 * a test can tell "still uploading" from "the gateway has it all".
 */
function postChat(
  gw: GatewayFixture,
  body: string,
): { uploaded: Promise<void>; answered: Promise<Sent> } {
  let markUploaded = () => {};
  const uploaded = new Promise<void>((resolve) => {
    markUploaded = resolve;
  });
  const answered = new Promise<Sent>((resolve, reject) => {
    const req = request(
      `${gw.server.url}/v1/chat/completions`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${gw.gatewayKey}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body, markUploaded);
  });
  return { uploaded, answered };
}

/** The first call the mock received, from the `from`-th on, that carried a large prompt. */
const largeCall = (gw: GatewayFixture, from: number) =>
  gw.mock.calls.slice(from).find((c) => (c.parsed?.allText.length ?? 0) > 100_000);

const chatBody = (content: string) =>
  JSON.stringify({ model: 'openai/gpt-4o', messages: [{ role: 'user', content }] });

describe('large prompts do not hold up other requests', () => {
  let gw: GatewayFixture;
  before(async () => {
    // The scan budget is wall-clock time: on a loaded 2-core machine a 20 MB scan can outlast the
    // default 10 s. What these tests check is the loop and the limits, not that budget.
    gw = await startGatewayFixture({ PII_SCAN_BUDGET_MS: '300000' });
    // Every stage on, as for an account that uses them all.
    const configs: [string, unknown][] = [
      [
        '/v1/pii-redaction/config',
        { enabled: true, redact_emails: true, redact_phones: true, redact_ssn: true },
      ],
      [
        '/v1/semantic-cache/config',
        { enabled: true, similarity_threshold: 0.95, ttl_seconds: 3600 },
      ],
      [
        '/v1/routing/config',
        { enabled: true, difficulty_threshold_simple: 100, difficulty_threshold_complex: 500 },
      ],
      ['/v1/settings', { optimization_level: 'balanced' }],
    ];
    for (const [path, body] of configs) {
      const res = await gw.user.api('PUT', path, body);
      assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
    }
  });
  after(async () => gw.close());

  /**
   * Sends the large prompt while a second client sends small requests one after another, and
   * notes for each small answer where the large one was: still uploading, with the gateway (fully
   * received, not yet at the provider), at the provider, or answered.
   */
  async function sendAlongsideSmallOnes(content: string) {
    const callsBefore = gw.mock.calls.length;
    const large = postChat(gw, chatBody(content));
    let uploaded = false;
    let answered = false;
    void large.uploaded.then(() => {
      uploaded = true;
    });
    void large.answered.then(() => {
      answered = true;
    });
    const atProvider = () => largeCall(gw, callsBefore) !== undefined;
    const whileWithGateway: number[] = [];
    let small = 0;
    while (!answered) {
      small += 1;
      const sentWhileWithGateway = uploaded && !atProvider();
      const res = await gw.openai.chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: `small request ${small}` }],
      });
      assert.equal(res.choices[0]?.message.content, `Echo: small request ${small}`);
      if (sentWhileWithGateway && !atProvider()) whileWithGateway.push(small);
    }
    return { answer: await large.answered, whileWithGateway };
  }

  test('small requests are answered while a 5 MB prompt is parsed and redacted, and the large one gets its answer', async () => {
    const words = randomWords(5 * 1024 * 1024, 11);
    const { answer, whileWithGateway } = await sendAlongsideSmallOnes(
      `${words} Reply to jane@example.com`,
    );
    // Small requests sent after the gateway had the whole large body, answered before it reached
    // the provider: the gateway kept serving others while it worked on the large one.
    assert.ok(
      whileWithGateway.length >= 2,
      `small requests answered while the gateway held the large one: ${whileWithGateway.length}`,
    );

    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    const reply = JSON.parse(answer.body) as { choices: { message: { content: string } }[] };
    assert.equal(reply.choices[0]?.message.content, `Echo: ${words.slice(0, 200)}`);

    // Redaction covered the whole prompt: the address at its very end never reached the provider.
    const sent = largeCall(gw, 0);
    assert.ok(sent?.parsed?.allText.endsWith('Reply to [EMAIL_REDACTED_1]'));
    assert.ok(!JSON.stringify(sent?.body).includes('jane@example.com'));

    const row = (await gw.logs()).find((r) => r.requested_model === 'openai/gpt-4o');
    assert.ok(row);
    assert.equal(row.status, 'success');
    assert.equal(row.optimization_level, null);
    assert.equal(row.cache_status, 'off');
    assert.equal(row.was_routed, 0);
    assert.ok(row.tokens_in > 1_000_000, `tokens_in ${row.tokens_in}`);
    const details = JSON.parse(row.details ?? '{}') as { optimizations_skipped?: string[] };
    assert.deepEqual(details.optimizations_skipped, [
      `compression, semantic cache and routing skipped: the prompt has ${(words.length + 26).toLocaleString('en-US')} characters, over the ${OPTIMIZE_MAX_CHARS.toLocaleString('en-US')} they read`,
    ]);
    assert.ok((row.original_text?.length ?? 0) <= 32_001);
  });

  test('a 20 MB body, the gateway limit, is answered while small requests keep being served', async () => {
    const words = randomWords(20 * 1024 * 1024 - 1_000, 12);
    const { answer, whileWithGateway } = await sendAlongsideSmallOnes(words);
    assert.ok(whileWithGateway.length >= 2, `${whileWithGateway.length} small requests`);
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    const reply = JSON.parse(answer.body) as { choices: { message: { content: string } }[] };
    assert.equal(reply.choices[0]?.message.content, `Echo: ${words.slice(0, 200)}`);
  });

  test('a prompt between the in-thread and the optimisation limits is compressed and scored in a worker', async () => {
    const paragraph =
      'Could you please basically just go ahead and really carefully summarise the following report for me? It is actually very important that you do not leave out any key figures. ';
    let prompt = '';
    for (let i = 0; prompt.length < CACHE_MAX_CHARS + 2_000; i++) prompt += `${i}. ${paragraph}`;
    assert.ok(prompt.length > IN_THREAD_OPTIMIZE_CHARS);
    const res = await gw.openai.chat.completions.create({
      model: 'openai/gpt-4.1',
      messages: [{ role: 'user', content: prompt }],
    });
    assert.ok(res.choices[0]?.message.content?.startsWith('Echo: 0.'));
    const row = (await gw.logs()).find((r) => r.requested_model === 'openai/gpt-4.1');
    assert.ok(row);
    assert.equal(row.optimization_level, 'balanced');
    assert.ok(row.tokens_saved > 0, `tokens_saved ${row.tokens_saved}`);
    assert.ok(row.difficulty, 'the difficulty was scored');
    assert.equal(row.cache_status, 'off');
    const details = JSON.parse(row.details ?? '{}') as { optimizations_skipped?: string[] };
    assert.deepEqual(details.optimizations_skipped, [
      `semantic cache skipped: the prompt has ${prompt.length.toLocaleString('en-US')} characters, over the ${CACHE_MAX_CHARS.toLocaleString('en-US')} it reads`,
    ]);
  });

  // Decision 094: 80,000 empty messages were scanned on the loop, their text being short. Which
  // thread scanned them is read off the worker pool's own call, not off how long the scan took.
  test('a prompt of many short messages is redacted in the worker, and sent redacted', async () => {
    const messages = Array.from({ length: PII_IN_THREAD_TEXTS + 1 }, (_, i) => ({
      role: 'user',
      content: i === 0 ? 'Write to ada@example.com.' : 'ok',
    }));
    assert.ok(messages.reduce((sum, m) => sum + m.content.length, 0) < PII_IN_THREAD_CHARS);
    const cpu = gw.server.deps.cpu;
    const scan = cpu.redactTexts;
    const scannedInWorker: number[] = [];
    cpu.redactTexts = (config, texts, opts) => {
      scannedInWorker.push(texts.length);
      return scan.call(cpu, config, texts, opts);
    };
    try {
      const callsBefore = gw.mock.calls.length;
      const answer = await postChat(gw, JSON.stringify({ model: 'openai/gpt-4o', messages }))
        .answered;
      assert.equal(answer.status, 200, answer.body.slice(0, 300));
      assert.deepEqual(scannedInWorker, [PII_IN_THREAD_TEXTS + 1]);
      const sent = gw.mock.calls.at(callsBefore)?.parsed?.allText ?? '';
      assert.ok(sent.length > 0 && !sent.includes('ada@example.com'), `the provider saw: ${sent}`);
    } finally {
      cpu.redactTexts = scan;
    }
  });

  // Decision 094: the cache's keys hashed a 15 MB image as JSON on the event loop (half a second).
  test('a request whose image holds more than the cache keys read skips the cache, and is answered', async () => {
    const image = `data:image/png;base64,${'QUJD'.repeat(CACHE_MAX_KEY_CHARS / 4 + 1)}`;
    const ask = () =>
      postChat(
        gw,
        JSON.stringify({
          model: 'openai/gpt-4o',
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'describe this picture (094)' },
                { type: 'image_url', image_url: { url: image } },
              ],
            },
          ],
        }),
      ).answered;
    for (const answer of [await ask(), await ask()])
      assert.equal(answer.status, 200, answer.body.slice(0, 300));
    const rows = (await gw.logs()).filter((r) => r.original_text?.includes('picture (094)'));
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(row.cache_status, 'off');
      const details = JSON.parse(row.details ?? '{}') as { optimizations_skipped?: string[] };
      assert.deepEqual(details.optimizations_skipped, [
        `semantic cache skipped: the request holds more than ${CACHE_MAX_KEY_CHARS.toLocaleString('en-US')} characters (images, tools and parameters included), more than its keys read`,
      ]);
    }
  });

  test('a prompt with more personal data than a request may hold is refused, not sent raw', async () => {
    const emails = Array.from(
      { length: PII_MAX_DISTINCT_VALUES + 1 },
      (_, i) => `person${i}@example.com`,
    ).join(' ');
    const before = gw.mock.calls.length;
    const { answered } = postChat(gw, chatBody(emails));
    const answer = await answered;
    assert.equal(answer.status, 413);
    const error = JSON.parse(answer.body) as { error: { message: string; code: string } };
    assert.equal(error.error.code, 'pii_scan_too_costly');
    assert.match(error.error.message, /more than 50,000 distinct personal-data values/);
    assert.equal(gw.mock.calls.length, before);
  });
});

describe('a prompt whose personal-data scan outlasts PII_SCAN_BUDGET_MS', () => {
  let gw: GatewayFixture;
  before(async () => {
    // One millisecond: no scan of a prompt handed to the worker finishes that soon.
    gw = await startGatewayFixture({ PII_SCAN_BUDGET_MS: '1' });
    const res = await gw.user.api('PUT', '/v1/pii-redaction/config', {
      enabled: true,
      redact_emails: true,
      redact_phones: true,
      redact_ssn: true,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
  after(async () => gw.close());

  test('is refused with the budget in the message, never sent raw, and logged', async () => {
    const prompt = `${randomWords(PII_IN_THREAD_CHARS * 64, 9)} Write to ada@example.com.`;
    const before = gw.mock.calls.length;
    const answer = await postChat(gw, chatBody(prompt)).answered;
    assert.equal(answer.status, 413, answer.body.slice(0, 300));
    const error = JSON.parse(answer.body) as { error: { message: string; code: string } };
    assert.equal(error.error.code, 'pii_scan_too_costly');
    assert.equal(
      error.error.message,
      'Scanning this prompt for personal data took longer than 1 ms, so it was not sent. Send less text at a time.',
    );
    assert.equal(gw.mock.calls.length, before);
    const row = (await gw.logs()).find((r) => r.http_status === 413);
    assert.ok(row, 'the refusal is in the request log');
    assert.equal(row.status, 'error');
    assert.match(row.error_message ?? '', /took longer than 1 ms/);
  });

  test('a short prompt is still redacted on the loop, where the budget does not apply', async () => {
    const res = await gw.openai.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello to ada@example.com' }],
    });
    assert.equal(res.choices[0]?.message.content?.includes('ada@example.com'), true);
    const sent = gw.mock.calls.at(-1)?.parsed?.allText ?? '';
    assert.ok(!sent.includes('ada@example.com'), `the provider saw: ${sent}`);
  });
});
