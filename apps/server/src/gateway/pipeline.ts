import type { GatewayContext } from './context.ts';
import { finish } from './log/finish.ts';
import { messagesText, responseText } from './request/message-text.ts';
import type { GatewayServices } from './services.ts';
import { authenticate } from './stages/authenticate.ts';
import { checkQuota } from './stages/check-quota.ts';
import { compressPrompt } from './stages/compress-prompt.ts';
import { dispatch } from './stages/dispatch.ts';
import { limitOptimizations } from './stages/limit-optimizations.ts';
import { lookupCache } from './stages/lookup-cache.ts';
import { redactPii } from './stages/redact-pii.ts';
import { resolveTarget } from './stages/resolve-target.ts';
import { answerForm, restoreResponse, restoreStream } from './stages/restore-pii.ts';
import { routeModel } from './stages/route-model.ts';
import { sampleBaseline } from './stages/sample-baseline.ts';
import { serveFromCache } from './stages/serve-from-cache.ts';
import { storeCache } from './stages/store-cache.ts';
import { relayStream } from './stream-relay.ts';
import { GatewayError, type PipelineResult } from './types.ts';

/**
 * Every chat request, whatever format the caller used, in order. Stages read and fill the context;
 * vendor logic lives in providers/, caller formats in wire/.
 */
export async function runChatPipeline(
  ctx: GatewayContext,
  services: GatewayServices,
): Promise<PipelineResult> {
  await authenticate(ctx, services);
  try {
    await checkQuota(ctx, services);
    sampleBaseline(ctx);
    limitOptimizations(ctx);
    const targeted = await resolveTarget(ctx, services);
    await redactPii(targeted, services);
    // The log keeps the prompt as redacted, never the caller's personal data.
    const redacted = ctx.request.messages;
    ctx.optimization.originalText = messagesText(redacted);
    const cached = await lookupCache(targeted, services);
    if (cached) return serveFromCache(targeted, services, cached);
    await compressPrompt(targeted, services);
    await routeModel(targeted, services);
    ctx.optimization.optimizedText =
      ctx.request.messages === redacted
        ? ctx.optimization.originalText
        : messagesText(ctx.request.messages);

    const result = await dispatch(targeted, services);
    const rateLimits = result.rateLimits ? { rateLimits: result.rateLimits } : {};

    if (result.kind === 'stream') {
      const chunks = relayStream(ctx, services, result, (answer) =>
        storeCache(targeted, services, answer),
      );
      const usageAtStart = result.translator.usage();
      return {
        kind: 'stream',
        model: targeted.target.upstream.model,
        chunks: ctx.redaction
          ? restoreStream(chunks, ctx.redaction, answerForm(ctx.request), ctx.documentOffsets)
          : chunks,
        ...(usageAtStart ? { usageAtStart } : {}),
        ...rateLimits,
      };
    }
    finish(ctx, services, {
      ok: true,
      httpStatus: 200,
      usage: result.response.usage,
      responseText: responseText(result.response),
      answeredModel: result.response.model,
    });
    storeCache(targeted, services, result.response);
    const response = ctx.redaction
      ? restoreResponse(
          result.response,
          ctx.redaction,
          answerForm(ctx.request),
          ctx.documentOffsets,
        )
      : result.response;
    return { kind: 'response', response, ...rateLimits };
  } catch (err) {
    const status = err instanceof GatewayError ? err.status : 500;
    finish(ctx, services, { ok: false, httpStatus: status, errorMessage: (err as Error).message });
    throw err;
  }
}
