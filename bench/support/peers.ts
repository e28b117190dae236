// The peer bench's two reference processes, started the same way wherever they are measured: a
// bare undici proxy in front of the mock, and the open-source Portkey gateway (pinned as a dev
// dependency) headless, told per request which upstream to call.
import type { ChildProcess } from 'node:child_process';
import { startProcess } from './processes.ts';

const PORTKEY_ENTRY = 'node_modules/@portkey-ai/gateway/build/start-server.js';

const up = (url: string) => async () => (await fetch(url)).status < 500;

/** The bare proxy on `port`, forwarding to the mock's OpenAI routes. */
export function startBareProxy(port: number, mock: string): Promise<ChildProcess> {
  return startProcess(
    'bench/support/bare-proxy.ts',
    { PORT: String(port), TARGET: `${mock}/openai/v1` },
    up(`http://127.0.0.1:${port}/models`),
  );
}

/** Portkey on `port`, as its `start-server.js --headless` runs in production. */
export function startPortkey(port: number): Promise<ChildProcess> {
  return startProcess(
    PORTKEY_ENTRY,
    { NODE_ENV: 'production' },
    up(`http://127.0.0.1:${port}/`),
    [],
    ['--headless', `--port=${port}`],
  );
}

/** Headers that send a Portkey request to the mock as an OpenAI custom host. */
export function portkeyHeaders(
  mock: string,
  upstreamAuth: Record<string, string>,
): Record<string, string> {
  return {
    ...upstreamAuth,
    'x-portkey-provider': 'openai',
    'x-portkey-custom-host': `${mock}/openai/v1`,
  };
}
