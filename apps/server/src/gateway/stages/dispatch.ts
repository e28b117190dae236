import type { TargetedContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import { sendChat, type UpstreamChatResult } from '../upstream/client.ts';
import { jsonDecoder, jsonEncoder } from '../upstream/encode-body.ts';

/** The upstream call, with the pooled client's timeout and retries. */
export async function dispatch(
  ctx: TargetedContext,
  services: GatewayServices,
): Promise<UpstreamChatResult> {
  const { adapter, upstream, storedKeyId } = ctx.target;
  if (storedKeyId) services.providerKeys.markUsed(storedKeyId, ctx.startedAt);
  const { upstreamTimeoutMs, upstreamMaxRetries } = services.deps.config;
  return sendChat(adapter, ctx.request, upstream, ctx.requestId, {
    timeoutMs: upstreamTimeoutMs,
    maxRetries: upstreamMaxRetries,
    encodeJson: jsonEncoder(services.deps.cpu),
    decodeJson: jsonDecoder(services.deps.cpu),
    ...(ctx.callerGone ? { signal: ctx.callerGone } : {}),
  });
}
