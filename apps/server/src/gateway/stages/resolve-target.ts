import { resolveModel } from '@tokenwise/pricing';
import type { GatewayContext } from '../context.ts';
import { getProvider } from '../providers/registry.ts';
import type { GatewayServices } from '../services.ts';
import { GatewayError } from '../types.ts';

/** Which provider and model the request names, and the provider key it will use. */
export async function resolveTarget(ctx: GatewayContext, services: GatewayServices): Promise<void> {
  const name = ctx.original.model;
  const model = resolveModel(name);
  if (!model) {
    throw new GatewayError(
      400,
      `Unknown model: ${name}`,
      'invalid_request_error',
      'model_not_found',
    );
  }
  ctx.requestedModel = model;
  ctx.model = model;
  await chooseUpstream(ctx, services);
}

/** Sets adapter, target and key for ctx.model; routing calls it again when it changes the model. */
export async function chooseUpstream(
  ctx: GatewayContext,
  services: GatewayServices,
): Promise<void> {
  const model = ctx.model;
  if (!model || !ctx.apiKey) throw new Error('chooseUpstream needs a model and an account');
  const adapter = getProvider(model.provider);
  const key = await services.providerKeys.choose(ctx.apiKey.accountId, model.provider);
  ctx.adapter = adapter;
  ctx.storedProviderKeyId = key.storedKeyId;
  ctx.target = {
    provider: model.provider,
    model: model.id,
    apiKey: key.apiKey,
    baseUrl: services.deps.config.providers[model.provider].baseUrl ?? adapter.defaultBaseUrl,
  };
  ctx.request = { ...ctx.request, model: model.id };
}
