import { listModels, resolveModel } from '@tokenwise/pricing';
import { newContext } from './new-context.ts';
import type { GatewayServices } from './services.ts';
import { authenticate } from './stages/authenticate.ts';
import { GatewayError, PROVIDER_IDS } from './types.ts';

/** GET /v1/models: the catalog's models for every provider the account has a key for (its own or the system's). */
export async function listAccountModels(services: GatewayServices, credential: string | undefined) {
  const ctx = newContext('chat', { model: '', messages: [] }, credential, services.deps.clock());
  await authenticate(ctx, services);
  const accountId = ctx.apiKey?.accountId ?? '';
  const usable = new Set<string>();
  for (const provider of PROVIDER_IDS) {
    const ok = await services.providerKeys.choose(accountId, provider).then(
      () => true,
      () => false,
    );
    if (ok) usable.add(provider);
  }
  const created = Math.floor(Date.UTC(2024, 0, 1) / 1000);
  return {
    object: 'list' as const,
    data: listModels()
      .filter((m) => usable.has(m.provider))
      .map((m) => ({ id: m.qualifiedId, object: 'model' as const, created, owned_by: m.provider })),
  };
}

/**
 * GET /v1/models/{model}: one entry of that list, by its id or by any name the gateway takes for
 * it in a request (`gpt-4o-mini` is `openai/gpt-4o-mini`).
 */
export async function findAccountModel(
  services: GatewayServices,
  credential: string | undefined,
  name: string,
) {
  const { data } = await listAccountModels(services, credential);
  const id = resolveModel(name)?.qualifiedId ?? name;
  const model = data.find((m) => m.id === id);
  if (model) return model;
  throw new GatewayError(
    404,
    `The model '${name}' does not exist or you do not have access to it`,
    'invalid_request_error',
    'model_not_found',
  );
}
