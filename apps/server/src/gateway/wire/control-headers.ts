import type { IncomingHttpHeaders } from 'node:http';
import { isCompressionLevel } from '@tokenwise/compression';
import type { CacheMode, GatewayContext, LevelOverride } from '../context.ts';
import { GatewayError } from '../types.ts';

export const CACHE_HEADER = 'x-tokenwise-cache';
export const CACHE_TTL_HEADER = 'x-tokenwise-cache-ttl';
export const OPTIMIZATION_LEVEL_HEADER = 'x-tokenwise-optimization-level';
export const PIN_MODEL_HEADER = 'x-tokenwise-pin-model';

export interface ControlHeaders {
  pinModel: boolean;
  level?: LevelOverride;
  cacheMode: CacheMode;
  cacheTtlSeconds?: number;
}

const MAX_TTL_SECONDS = 30 * 24 * 60 * 60;
const CACHE_MODES = new Set<string>(['default', 'bypass', 'refresh', 'no-store']);

/**
 * The per-request controls (docs/gateway.md, "Per-request controls"), all checked here before any
 * stage runs: a bad value is the same 400 whether the request would be served from the cache, sent
 * upstream, or never reach the stage that reads it.
 */
export function parseControlHeaders(headers: IncomingHttpHeaders): ControlHeaders {
  const pin = headerValue(headers, PIN_MODEL_HEADER);
  if (pin !== undefined && pin !== 'true' && pin !== 'false')
    invalid(PIN_MODEL_HEADER, 'true or false', pin);
  const level = levelOf(headerValue(headers, OPTIMIZATION_LEVEL_HEADER));
  const cacheMode = headerValue(headers, CACHE_HEADER) ?? 'default';
  if (!CACHE_MODES.has(cacheMode)) invalid(CACHE_HEADER, 'bypass, refresh or no-store', cacheMode);
  const ttl = headerValue(headers, CACHE_TTL_HEADER);
  return {
    pinModel: pin === 'true',
    ...(level ? { level } : {}),
    cacheMode: cacheMode as CacheMode,
    ...(ttl === undefined ? {} : { cacheTtlSeconds: ttlSecondsOf(ttl) }),
  };
}

function levelOf(value: string | undefined): LevelOverride | undefined {
  if (value === undefined) return undefined;
  // 'none' has always been taken as 'off'; callers may rely on it.
  if (value === 'off' || value === 'none') return 'off';
  if (isCompressionLevel(value)) return value;
  return invalid(OPTIMIZATION_LEVEL_HEADER, 'conservative, balanced, aggressive or off', value);
}

function ttlSecondsOf(value: string): number {
  const seconds = /^\d+$/.test(value) ? Number(value) : 0;
  if (seconds < 1 || seconds > MAX_TTL_SECONDS)
    invalid(CACHE_TTL_HEADER, `whole seconds from 1 to ${MAX_TTL_SECONDS}`, value);
  return seconds;
}

export function readControlHeaders(ctx: GatewayContext, headers: IncomingHttpHeaders): void {
  const controls = parseControlHeaders(headers);
  ctx.pinModel = controls.pinModel;
  if (controls.level) ctx.levelOverride = controls.level;
  ctx.cache.mode = controls.cacheMode;
  if (controls.cacheTtlSeconds !== undefined) ctx.cache.ttlSeconds = controls.cacheTtlSeconds;
}

/** The header's value, trimmed and lower-cased; a header sent twice counts as one joined value. */
function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  return (Array.isArray(raw) ? raw.join(', ') : raw).trim().toLowerCase();
}

function invalid(name: string, allowed: string, value: string): never {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  throw new GatewayError(
    400,
    `Invalid ${name} header ${JSON.stringify(shown)}: must be ${allowed}`,
    'invalid_request_error',
    'invalid_header',
  );
}
