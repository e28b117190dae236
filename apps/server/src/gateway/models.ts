import { listModels, type ModelInfo, resolveServedModel } from '@tokenwise/pricing';
import { newContext } from './new-context.ts';
import type { GatewayServices } from './services.ts';
import { authenticate } from './stages/authenticate.ts';
import { GatewayError, PROVIDER_IDS, type ProviderId } from './types.ts';

const CREATED = Math.floor(Date.UTC(2024, 0, 1) / 1000);

const entry = (m: ModelInfo) => ({
  id: m.qualifiedId,
  object: 'model' as const,
  created: CREATED,
  owned_by: m.provider,
});

/** GET /v1/models: the catalog's models for every provider the account has a key for (its own or the system's). */
export async function listAccountModels(services: GatewayServices, credential: string | undefined) {
  const usable = await usableProviders(services, credential);
  return {
    object: 'list' as const,
    data: listModels()
      .filter((m) => usable.has(m.provider))
      .map(entry),
  };
}

/**
 * GET /v1/models/{model}: the model a chat request naming it would be served, by its id or by any
 * name the gateway takes for it (`gpt-4o-mini` is `openai/gpt-4o-mini`), for a provider the
 * account has a key for. That includes a name of a known provider with no listed price yet, which
 * chat sends on as named (decision 146) and the list cannot name (decision 148).
 */
export async function findAccountModel(
  services: GatewayServices,
  credential: string | undefined,
  name: string,
) {
  const usable = await usableProviders(services, credential);
  const model = resolveServedModel(name);
  if (model && usable.has(model.provider)) return entry(model);
  throw new GatewayError(
    404,
    `The model '${name}' does not exist or you do not have access to it`,
    'invalid_request_error',
    'model_not_found',
  );
}

/** The providers the caller's account has a key for, its own or the system's. */
async function usableProviders(
  services: GatewayServices,
  credential: string | undefined,
): Promise<Set<ProviderId>> {
  const ctx = newContext('chat', { model: '', messages: [] }, credential, services.deps.clock());
  await authenticate(ctx, services);
  const accountId = ctx.apiKey?.accountId ?? '';
  const usable = new Set<ProviderId>();
  for (const provider of PROVIDER_IDS) {
    const ok = await services.providerKeys.choose(accountId, provider).then(
      () => true,
      () => false,
    );
    if (ok) usable.add(provider);
  }
  return usable;
}
