import type { StoredAnswer } from '../cache/response-cache.ts';
import type { GatewayContext } from '../context.ts';
import { finish } from '../log/finish.ts';
import { cacheHitSaving } from '../log/log-row.ts';
import { responseText } from '../request/message-text.ts';
import type { GatewayServices } from '../services.ts';
import type { PipelineResult } from '../types.ts';
import { replayAsStream } from '../wire/replay-stream.ts';
import { answerForm, restoreResponse, restoreStream } from './restore-pii.ts';

/** A cache hit: the stored answer, under this request's id, as JSON or replayed as a stream. */
export function serveFromCache(
  ctx: GatewayContext,
  services: GatewayServices,
  answer: StoredAnswer,
): PipelineResult {
  const response = {
    ...answer.response,
    id: ctx.requestId,
    created: Math.floor(ctx.startedAt / 1000),
  };
  finish(ctx, services, {
    ok: true,
    httpStatus: 200,
    responseText: responseText(response),
    answeredModel: response.model,
    cachedAnswer: answer,
  });
  if (ctx.cache.entryId) {
    const tokens = answer.tokensIn + answer.tokensOut;
    services.cache.recordHit(ctx.cache.entryId, tokens, cacheHitSaving(ctx, answer));
  }
  if (ctx.original.stream) {
    const chunks = replayAsStream(response);
    return {
      kind: 'stream',
      model: response.model,
      chunks: ctx.redaction
        ? restoreStream(chunks, ctx.redaction, answerForm(ctx.request), ctx.documentOffsets)
        : chunks,
      usageAtStart: response.usage,
    };
  }
  return {
    kind: 'response',
    response: ctx.redaction
      ? restoreResponse(response, ctx.redaction, answerForm(ctx.request), ctx.documentOffsets)
      : response,
  };
}
