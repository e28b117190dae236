import { GatewayError } from '../../types.ts';
import type { HttpRequestSpec } from '../provider-adapter.ts';

/** A JSON POST to `baseUrl` + `path`, tolerating a trailing slash on the configured base URL. */
export function jsonPost(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): HttpRequestSpec {
  return {
    // The pattern runs only for a base URL that ends in a slash, not on every call.
    url: `${baseUrl.endsWith('/') ? baseUrl.replace(/\/+$/, '') : baseUrl}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    json: body,
  };
}

/** A native JSON value as an object; anything else means the provider sent something unreadable. */
export function asObject(value: unknown, label: string): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  throw new GatewayError(502, `${label} sent an answer the gateway cannot read`, 'api_error');
}

/** One stream event's JSON data as an object. */
export function parseEventJson(data: string, label: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new GatewayError(502, `${label} sent a stream event that is not JSON`, 'api_error');
  }
  return asObject(value, label);
}
