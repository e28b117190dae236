import { type ModelInfo, resolveServedModel } from '@tokenwise/pricing';
import type { GatewayContext, Target, TargetedContext } from '../context.ts';
import { getProvider } from '../providers/registry.ts';
import type { GatewayServices } from '../services.ts';
import { GatewayError } from '../types.ts';

/** Which provider and model the request names, and the provider key it will use. */
export async function resolveTarget(
  ctx: GatewayContext,
  services: GatewayServices,
): Promise<TargetedContext> {
  const name = ctx.original.model;
  // A name genai-prices does not price yet is served too, its cost logged as unknown (decision 146).
  const model = resolveServedModel(name);
  if (!model) {
    // 404 as OpenAI and Anthropic answer a model they do not have (the SDKs' NotFoundError).
    throw new GatewayError(
      404,
      `Unknown model: ${name}`,
      'invalid_request_error',
      'model_not_found',
    );
  }
  return Object.assign(ctx, { target: await targetFor(ctx, services, model, model) });
}

/** Adapter, upstream and key for `chosen`; routing calls it again when it changes the model. */
export async function targetFor(
  ctx: GatewayContext,
  services: GatewayServices,
  requested: ModelInfo,
  chosen: ModelInfo,
): Promise<Target> {
  if (!ctx.apiKey) throw new Error('targetFor needs an account');
  const adapter = getProvider(chosen.provider);
  const key = await services.providerKeys.choose(ctx.apiKey.accountId, chosen.provider);
  return {
    requested,
    chosen,
    adapter,
    storedKeyId: key.storedKeyId,
    upstream: {
      provider: chosen.provider,
      model: chosen.id,
      apiKey: key.apiKey,
      keySource: key.storedKeyId ? 'account' : 'deployment',
      baseUrl: services.deps.config.providers[chosen.provider].baseUrl ?? adapter.defaultBaseUrl,
    },
  };
}

/**
 * The target's stored provider key is about to serve a call, whatever the endpoint (chat,
 * embeddings, a token count): its 'Last used' on /settings. The system fallback key has no row.
 */
export function markProviderKeyUsed(ctx: TargetedContext, services: GatewayServices): void {
  const { storedKeyId } = ctx.target;
  if (storedKeyId) services.providerKeys.markUsed(storedKeyId, ctx.startedAt);
}
