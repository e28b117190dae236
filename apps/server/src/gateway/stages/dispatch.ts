import type { GatewayContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import { sendChat, type UpstreamChatResult } from '../upstream/client.ts';
import { jsonEncoder } from '../upstream/encode-body.ts';

/** The upstream call, with the pooled client's timeout and retries. */
export async function dispatch(
  ctx: GatewayContext,
  services: GatewayServices,
): Promise<UpstreamChatResult> {
  if (!ctx.adapter || !ctx.target) throw new Error('dispatch runs after resolveTarget');
  if (ctx.storedProviderKeyId)
    services.providerKeys.markUsed(ctx.storedProviderKeyId, ctx.startedAt);
  const { upstreamTimeoutMs, upstreamMaxRetries } = services.deps.config;
  return sendChat(ctx.adapter, ctx.request, ctx.target, ctx.requestId, {
    timeoutMs: upstreamTimeoutMs,
    maxRetries: upstreamMaxRetries,
    encodeJson: jsonEncoder(services.deps.cpu),
  });
}
