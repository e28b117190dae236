import type { TargetedContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import { GatewayError } from '../types.ts';
import { sendChat, type UpstreamChatResult } from '../upstream/client.ts';
import { jsonDecoder, jsonEncoder } from '../upstream/encode-body.ts';
import { markProviderKeyUsed, targetFor } from './resolve-target.ts';
import { signRoutedToolCalls } from './sign-routed-tool-calls.ts';

/**
 * The upstream call, with the pooled client's timeout and retries. A routed request the routed
 * model refuses (no access to it, an overload, a limit it has and the named model lacks) goes
 * once more to the model the caller named, before any byte reached the caller: routing is the
 * gateway's choice, so its failure should not become the caller's (decision 103). Everything
 * shares one upstream timeout: the first call's retries stop where it ends (decision 143), the
 * fallback gets only what the routed attempt left, so neither retries nor routing make a caller
 * wait past it; a routed model that timed out left nothing, and its 504 is the answer (decision
 * 133).
 */
export async function dispatch(
  ctx: TargetedContext,
  services: GatewayServices,
): Promise<UpstreamChatResult> {
  const deadlineAt = Date.now() + services.deps.config.upstreamTimeoutMs;
  try {
    return signRoutedToolCalls(ctx, await send(ctx, services, deadlineAt));
  } catch (err) {
    if (!ctx.routing.wasRouted || !fallsBack(err) || ctx.callerGone?.aborted) throw err;
    const routed = ctx.target.chosen.id;
    if (Date.now() >= deadlineAt) {
      ctx.routing.reasons = [
        ...ctx.routing.reasons,
        `${routed} answered ${err.status}: no time left to fall back`,
      ];
      throw err;
    }
    ctx.routing.wasRouted = false;
    ctx.routing.reasons = [
      ...ctx.routing.reasons,
      `${routed} answered ${err.status}: fell back to the requested model`,
    ];
    ctx.target = await targetFor(ctx, services, ctx.target.requested, ctx.target.requested);
    return await send(ctx, services, deadlineAt).catch((fallbackErr: unknown) => {
      // Two models were tried: a caller's SDK retrying would run both again (decision 141).
      if (fallbackErr instanceof GatewayError) fallbackErr.retriedUpstream = true;
      throw fallbackErr;
    });
  }
}

/** 401 is the key, which the requested model shares: trying again would only double the wait. */
function fallsBack(err: unknown): err is GatewayError {
  return err instanceof GatewayError && err.status !== 401;
}

function send(
  ctx: TargetedContext,
  services: GatewayServices,
  deadlineAt: number,
): Promise<UpstreamChatResult> {
  const { adapter, upstream } = ctx.target;
  markProviderKeyUsed(ctx, services);
  const { upstreamTimeoutMs, upstreamMaxRetries } = services.deps.config;
  return sendChat(adapter, ctx.request, upstream, ctx.requestId, {
    timeoutMs: upstreamTimeoutMs,
    maxRetries: upstreamMaxRetries,
    encodeJson: jsonEncoder(services.deps.cpu),
    decodeJson: jsonDecoder(services.deps.cpu),
    ...(ctx.callerGone ? { signal: ctx.callerGone } : {}),
    deadlineAt,
  });
}
