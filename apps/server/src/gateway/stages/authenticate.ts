import type { GatewayContext } from '../context.ts';
import type { GatewayServices } from '../services.ts';
import { GatewayError } from '../types.ts';

/** Who is calling: the gateway API key decides the account. */
export async function authenticate(ctx: GatewayContext, services: GatewayServices): Promise<void> {
  const key = ctx.credential;
  if (!key || key.length > 200) {
    throw new GatewayError(
      401,
      'Missing API key. Send it as Authorization: Bearer <key>.',
      'authentication_error',
      'invalid_api_key',
    );
  }
  const resolved = await services.apiKeys.resolve(key);
  if (!resolved)
    throw new GatewayError(401, 'Invalid API key', 'authentication_error', 'invalid_api_key');
  ctx.apiKey = resolved;
  services.apiKeys.markUsed(resolved.id, ctx.startedAt);
}
