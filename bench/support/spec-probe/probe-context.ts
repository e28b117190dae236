import {
  type GatewayFixture,
  startGatewayFixture,
} from '../../../apps/server/src/gateway/tests/gateway-fixture.ts';
import { apiClient } from '../../../apps/server/src/testing/test-server.ts';

export const DAY = 86_400_000;
export const ROLES = ['owner', 'admin', 'member', 'read_only'] as const;
// biome-ignore lint/suspicious/noExplicitAny: the probe reads answers as plain JSON, as a suite does
export type Row = Record<string, any>;
export const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + r[key], 0);

/** The server under probe, its first subscribed user, and the clock the probe moves. */
export interface Probe {
  f: GatewayFixture;
  a: GatewayFixture['user'];
  anon: ReturnType<typeof apiClient>;
  tag: string;
  superadminEmail: string;
  now: number;
  /** A chat completion through the gateway, past the cache unless `use`. */
  chat(content: string, cache?: 'bypass' | 'use'): Promise<unknown>;
}

export async function startProbe(): Promise<Probe> {
  const tag = Math.random().toString(36).slice(2, 8);
  const superadminEmail = `root-${tag}@example.com`;
  const clock = { now: Date.UTC(2026, 10, 20, 12, 0) };
  const f = await startGatewayFixture(
    { UPSTREAM_MAX_RETRIES: '0', SUPERADMIN_EMAILS: superadminEmail },
    () => clock.now,
  );
  return {
    f,
    a: f.user,
    anon: apiClient(f.server.url),
    tag,
    superadminEmail,
    get now() {
      return clock.now;
    },
    set now(at: number) {
      clock.now = at;
    },
    chat: (content, cache = 'bypass') =>
      f.openai.chat.completions.create(
        { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }] },
        cache === 'bypass' ? { headers: { 'x-tokenwise-cache': 'bypass' } } : {},
      ),
  };
}
