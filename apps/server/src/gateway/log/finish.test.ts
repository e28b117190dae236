import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scoreDifficulty } from '@tokenwise/difficulty';
import { ALL_KINDS_PII_CONFIG, RedactionSession } from '@tokenwise/pii';
import { resolveModel } from '@tokenwise/pricing';
import { parseDetails } from '../../domain/analytics/request-details.ts';
import type { AccountState } from '../accounts/account-state.ts';
import type { StoredAnswer } from '../cache/response-cache.ts';
import type { GatewayContext, TargetedContext } from '../context.ts';
import { newContext } from '../new-context.ts';
import { getProvider } from '../providers/registry.ts';
import { promptChars } from '../request/message-text.ts';
import type { GatewayServices } from '../services.ts';
import { OPTIMIZE_MAX_CHARS } from '../stages/limit-optimizations.ts';
import { inDifficultySample, routeModel } from '../stages/route-model.ts';
import { relayStream } from '../stream-relay.ts';
import { type ChatCompletionChunk, type ChatCompletionResponse, GatewayError } from '../types.ts';
import type { UpstreamChatResult } from '../upstream/client.ts';
import { finish } from './finish.ts';
import type { LogRecord } from './request-log-writer.ts';

/** What finish hands the write-behind queue, kept instead of written. */
function recordingServices(): { services: GatewayServices; rows: LogRecord[] } {
  const rows: LogRecord[] = [];
  const services = {
    deps: { clock: () => 1_000 },
    logs: { enqueue: (r: LogRecord) => rows.push(r) },
    accounts: { countPending: () => {} },
  } as unknown as GatewayServices;
  return { services, rows };
}

/** A request that went through every stage that writes to `details`. */
function contextWithEveryStage(): GatewayContext {
  const model = resolveModel('openai/gpt-4o-mini');
  assert.ok(model);
  const ctx = newContext(
    'chat',
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi a@example.com' }] },
    'tw-key',
    900,
  );
  ctx.apiKey = { id: 'key-1', accountId: 'acct-1' };
  ctx.account = { accountId: 'acct-1', period: undefined, active: true } as AccountState;
  ctx.target = {
    requested: model,
    chosen: model,
    adapter: getProvider('openai'),
    upstream: {
      provider: 'openai',
      model: model.id,
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:9',
    },
    storedKeyId: undefined,
  };
  ctx.routing.reasons = ['short prompt'];
  ctx.optimization.skipped = ['compression skipped: a reason'];
  ctx.redaction = new RedactionSession(ALL_KINDS_PII_CONFIG);
  ctx.redaction.redact('a@example.com');
  ctx.cache = { mode: 'default', status: 'hit', entryId: 'entry-1', similarity: 1, layer: 'exact' };
  return ctx;
}

const answer: ChatCompletionResponse = {
  id: 'c1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
};

const detailKeys = (r: LogRecord | undefined) =>
  Object.keys(JSON.parse(r?.row.details ?? '{}')).sort();

describe('finish', () => {
  test("a cache hit's and a provider answer's details carry the same stage keys", () => {
    const hit = recordingServices();
    const cached: StoredAnswer = { response: answer, tokensIn: 5, tokensOut: 1, cost: 0.001 };
    finish(contextWithEveryStage(), hit.services, {
      ok: true,
      httpStatus: 200,
      answeredModel: answer.model,
      cachedAnswer: cached,
    });
    const miss = recordingServices();
    finish(contextWithEveryStage(), miss.services, {
      ok: true,
      httpStatus: 200,
      usage: answer.usage,
      answeredModel: answer.model,
    });
    assert.equal(hit.rows[0]?.row.cache_hit, 1);
    assert.equal(miss.rows[0]?.row.cache_hit, 0);
    assert.deepEqual(detailKeys(hit.rows[0]), [
      'cache_entry_id',
      'cache_layer',
      'cache_similarity',
      'difficulty_reasons',
      'optimizations_skipped',
      'pii_redacted',
    ]);
    assert.deepEqual(detailKeys(miss.rows[0]), detailKeys(hit.rows[0]));
  });

  test('a search count an OpenAI-compatible upstream writes oddly is not one: the details still read', () => {
    for (const odd of [1.5, '3', -2]) {
      const { services, rows } = recordingServices();
      const usage = { ...answer.usage, server_tool_use: { web_search_requests: odd } };
      finish(contextWithEveryStage(), services, {
        ok: true,
        httpStatus: 200,
        usage: usage as typeof answer.usage,
        answeredModel: answer.model,
      });
      const details = parseDetails(rows[0]?.row.details ?? null);
      assert.deepEqual(details?.difficulty_reasons, ['short prompt'], String(odd));
      assert.equal(details?.web_searches, undefined, String(odd));
    }
  });

  test('a stream cut mid-way and the error after it write exactly one row', async () => {
    const { services, rows } = recordingServices();
    const ctx = contextWithEveryStage();
    async function* cut(): AsyncGenerator<ChatCompletionChunk[]> {
      yield [
        {
          id: 'c1',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'gpt-4o-mini',
          choices: [{ index: 0, delta: { content: 'hel' }, finish_reason: null }],
        },
      ];
      throw new GatewayError(502, 'upstream cut the stream', 'api_error');
    }
    const result = {
      kind: 'stream',
      chunks: cut(),
      translator: { usage: () => undefined },
    } as unknown as Extract<UpstreamChatResult, { kind: 'stream' }>;
    await assert.rejects(async () => {
      for await (const _ of relayStream(ctx, services, result));
    }, /upstream cut the stream/);
    // The pipeline's own error path, reached after the stream's.
    finish(ctx, services, { ok: false, httpStatus: 500, errorMessage: 'later failure' });
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.row.http_status, 502);
    assert.equal(rows[0]?.row.response_text, 'hel');
  });

  test('a request refused before it had an account writes no row, and stays finished', () => {
    const { services, rows } = recordingServices();
    const ctx = newContext('chat', { model: 'x', messages: [] }, undefined, 0);
    finish(ctx, services, { ok: false, httpStatus: 401, errorMessage: 'no key' });
    assert.equal(rows.length, 0);
    assert.equal(ctx.finished, true);
  });

  test('a difficulty routing did not use is scored when the row is written, as it was before', async () => {
    const ctx = contextWithEveryStage();
    ctx.routing.reasons = [];
    ctx.cache = { mode: 'default', status: 'miss' };
    const thresholds = { simple: 100, complex: 500 };
    ctx.account = {
      accountId: 'acct-1',
      period: undefined,
      active: true,
      settings: {
        routing_enabled: 0,
        routing_threshold_simple: thresholds.simple,
        routing_threshold_complex: thresholds.complex,
      },
    } as unknown as AccountState;
    ctx.promptChars = promptChars(ctx.request.messages);
    const everyRequest = { deps: { config: { difficultySampleEvery: 1 } } };
    await routeModel(ctx as TargetedContext, everyRequest as unknown as GatewayServices);
    assert.equal(ctx.routing.difficulty, null, 'not scored on the request path');

    const { services, rows } = recordingServices();
    finish(ctx, services, { ok: true, httpStatus: 200, usage: answer.usage, answeredModel: 'm' });
    const record = rows[0];
    assert.equal(record?.row.difficulty, null);
    record?.complete?.();
    const expected = scoreDifficulty(ctx.request, thresholds);
    assert.equal(record?.row.difficulty, expected.difficulty);
    const details = JSON.parse(record?.row.details ?? '{}');
    assert.deepEqual(details.difficulty_reasons, expected.reasons);
    assert.ok(details.pii_redacted, 'the other stages are still in the details');
  });
  test('routing off: a prompt too long to score is not scored, and not counted as passed over by the sample', async () => {
    const ctx = contextWithEveryStage();
    ctx.account = {
      accountId: 'acct-1',
      period: undefined,
      active: true,
      settings: {
        routing_enabled: 0,
        routing_threshold_simple: 100,
        routing_threshold_complex: 500,
      },
    } as unknown as AccountState;
    ctx.promptChars = OPTIMIZE_MAX_CHARS + 1;
    let every = 2;
    while (inDifficultySample(ctx.requestId, every)) every += 1;
    const services = { deps: { config: { difficultySampleEvery: every } } };
    await routeModel(ctx as TargetedContext, services as unknown as GatewayServices);
    assert.equal(ctx.routing.notSampled, undefined);
    assert.equal(ctx.routing.scoreLater, undefined);
    assert.equal(ctx.routing.difficulty, null);
  });
});
