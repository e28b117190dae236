// The gateway's work before the upstream call, every stage on, a cache miss, in one process, for
// instruction counts (decision 216). A test server (SQLite, the in-process mock upstream) gets one
// subscribed account with every stage on as the benches set them (`configureStages`); 50 bench
// prompts go through it over HTTP, then `warm` more run the path below and have a mock answer
// stored (`storeCache`), so the index holds warm + 50 entries (past 512, partitions are scanned by
// binary codes, as in the benches) and the code is compiled; then each of N more prompts runs what
// a request runs before its upstream write: the body's JSON.parse, `parseChatRequest`, the context, the stages in pipeline.ts's order
// up to dispatch, the provider's request and its JSON. Nothing is stored and no log row is written,
// so the N requests meet the same index. Quota holds are released as they would be at 0 tokens.
// Prints a digest of what each request would send and log, so two builds can be shown to agree.
// With GATE=<path> it waits for <path>.go before the N and <path>.stop after, as
// hot-path-instructions.ts does, for `callgrind_control -i on|off`; pre-upstream-instructions.ts
// drives that. With SPLIT=1 more windows follow, each of N requests cut after one more step
// (`go1`/`stop1` … ), so that the differences say what each step costs.
//   node --import tsx bench/support/pre-upstream.ts <N> [warm=1000]
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { newContext } from '../../apps/server/src/gateway/new-context.ts';
import { messagesText } from '../../apps/server/src/gateway/request/message-text.ts';
import type { GatewayServices } from '../../apps/server/src/gateway/services.ts';
import { authenticate } from '../../apps/server/src/gateway/stages/authenticate.ts';
import { checkQuota } from '../../apps/server/src/gateway/stages/check-quota.ts';
import { compressPrompt } from '../../apps/server/src/gateway/stages/compress-prompt.ts';
import { limitOptimizations } from '../../apps/server/src/gateway/stages/limit-optimizations.ts';
import { lookupCache } from '../../apps/server/src/gateway/stages/lookup-cache.ts';
import { redactPii } from '../../apps/server/src/gateway/stages/redact-pii.ts';
import { resolveTarget } from '../../apps/server/src/gateway/stages/resolve-target.ts';
import { routeModel } from '../../apps/server/src/gateway/stages/route-model.ts';
import { sampleBaseline } from '../../apps/server/src/gateway/stages/sample-baseline.ts';
import { storeCache } from '../../apps/server/src/gateway/stages/store-cache.ts';
import type { ChatCompletionResponse } from '../../apps/server/src/gateway/types.ts';
import { parseChatRequest } from '../../apps/server/src/gateway/wire/chat-request.ts';
import { startMockUpstream } from '../../apps/server/src/mock-upstream/server.ts';
import { signUpSubscribed, startTestServer } from '../../apps/server/src/testing/test-server.ts';
import { uniquePrompts } from './unique-prompts.ts';

const [nArg = '0', warmArg = '1000'] = process.argv.slice(2);

// Stopped once the engine is filled: under callgrind a request takes ~50 times as long, and the
// account's memo (2 s) would otherwise be read again from the database inside the windows, more
// often the slower the run (decision 213 saw counts follow wall time).
let stoppedAt: number | undefined;
const clock = () => stoppedAt ?? Date.now();
const mock = await startMockUpstream();
const server = await startTestServer({
  env: { OPENAI_BASE_URL: mock.baseUrls.openai, LOG_FLUSH_MS: '200' },
  clock,
});
const user = await signUpSubscribed(server);
const put = async (path: string, body: unknown) => {
  const res = await user.api('PUT', path, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status}`);
};
await put('/v1/pii-redaction/config', {
  enabled: true,
  redact_emails: true,
  redact_phones: true,
  redact_ssn: true,
});
await put('/v1/semantic-cache/config', {
  enabled: true,
  similarity_threshold: 0.95,
  ttl_seconds: 3600,
});
await put('/v1/routing/config', {
  enabled: true,
  difficulty_threshold_simple: 100,
  difficulty_threshold_complex: 500,
});
await put('/v1/settings', { optimization_level: 'balanced' });
const created = await user.api('POST', '/v1/keys', { name: 'bench' });
await user.api('POST', '/v1/provider-keys', { provider: 'openai', api_key: 'sk-x', label: 'main' });
const credential = created.body.key as string;
const services = (server.app as unknown as { gateway: GatewayServices }).gateway;

const body = (prompt: string) =>
  JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: prompt }] });

const warmPrompt = uniquePrompts(7);
for (let i = 0; i < 50; i++) {
  const res = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
    body: body(warmPrompt()),
  });
  if (res.status !== 200) throw new Error(`warm-up: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}
await services.logs.flush();

/** Where a request may be cut (SPLIT=1), in order; the last is the whole path. */
export const STEPS = ['parse', 'target', 'pii', 'lookup', 'compress', 'route and body'];

/** pipeline.ts up to dispatch, then what sendChat encodes: the request's path before the write. */
async function beforeUpstream(text: string, store = false, upTo = STEPS.length): Promise<string> {
  const parsed = parseChatRequest(JSON.parse(text));
  const now = clock();
  const ctx = newContext('chat', parsed, credential, now, now);
  if (upTo <= 1) return '';
  await authenticate(ctx, services);
  await checkQuota(ctx, services);
  sampleBaseline(ctx);
  limitOptimizations(ctx);
  const targeted = await resolveTarget(ctx, services);
  const settle = () => (ctx.quotaHold ? services.quota.settle(ctx.quotaHold, 0) : undefined);
  if (upTo <= 2) return settle() ?? '';
  await redactPii(targeted, services);
  const redacted = ctx.request.messages;
  ctx.optimization.originalText = messagesText(redacted);
  if (upTo <= 3) return settle() ?? '';
  const cached = await lookupCache(targeted, services);
  if (cached) throw new Error('a bench prompt was a cache hit');
  if (upTo <= 4) return settle() ?? '';
  await compressPrompt(targeted, services);
  if (upTo <= 5) return settle() ?? '';
  await routeModel(targeted, services);
  ctx.optimization.optimizedText =
    ctx.request.messages === redacted
      ? ctx.optimization.originalText
      : messagesText(ctx.request.messages);
  const { adapter, upstream } = targeted.target;
  const sent = JSON.stringify(adapter.chatRequest(ctx.request, upstream).json);
  settle();
  if (store) storeCache(targeted, services, answerTo(targeted.target.chosen.id));
  return `${ctx.cache.status} ${targeted.target.chosen.id} ${ctx.optimization.tokensSaved} ${sent}\n${ctx.optimization.originalText}\n${ctx.optimization.optimizedText}\n`;
}

function answerTo(model: string): ChatCompletionResponse {
  return {
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      { index: 0, message: { role: 'assistant', content: 'An answer.' }, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 40, completion_tokens: 3, total_tokens: 43 },
  } as ChatCompletionResponse;
}
for (let i = 0; i < Number(warmArg); i++) await beforeUpstream(body(warmPrompt()), true);
await services.cache.settled();
await sleep(500);
stoppedAt = Date.now();

async function gate(step: string): Promise<void> {
  const path = process.env.GATE;
  if (!path) return;
  // Each window starts from a collected heap (node --expose-gc), so a collection the last window
  // left due is not counted in this one.
  if (step.startsWith('go')) (globalThis as { gc?: () => void }).gc?.();
  console.log(`waiting for ${path}.${step}`);
  while (!existsSync(`${path}.${step}`)) await sleep(50);
}

const asked = uniquePrompts(11);
const digest = createHash('sha256');
for (let i = 0; i < 200; i++) await beforeUpstream(body(asked()));
await gate('go');
for (let i = 0; i < Number(nArg); i++) digest.update(await beforeUpstream(body(asked())));
await gate('stop');
console.log(`pre-upstream ${nArg}: digest ${digest.digest('hex').slice(0, 16)}`);
// SPLIT=1: then a window of N requests cut after each step, for what each step adds.
if (process.env.SPLIT === '1') {
  for (let upTo = 1; upTo < STEPS.length; upTo++) {
    await gate(`go${upTo}`);
    for (let i = 0; i < Number(nArg); i++) await beforeUpstream(body(asked()), false, upTo);
    await gate(`stop${upTo}`);
  }
}
await server.close();
await mock.close();
