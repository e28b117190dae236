import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { serverNodeFlags } from '../../../../scripts/server-node-flags.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const HOST = '127.0.0.1';

/**
 * `npm run start:cluster`: two instances on one machine behind a round-robin proxy on PORT, sharing
 * DATABASE_URL (PostgreSQL) and REDIS_URL, as docs/deploy.md describes. SIGTERM drains all three.
 */
function main(): void {
  const env = process.env;
  const missing = [
    !env.DATABASE_URL?.startsWith('postgres') && 'DATABASE_URL=postgres://… (instances share it)',
    !env.REDIS_URL && 'REDIS_URL=redis://… (limits, quota and invalidation are shared through it)',
    !env.ENCRYPTION_KEY && 'ENCRYPTION_KEY (both instances must decrypt the same provider keys)',
  ].filter(Boolean);
  if (missing.length) {
    console.error(`start:cluster needs ${missing.join('; ')}`);
    process.exit(1);
  }
  // Checked before anything starts: the instances take PORT+1 and PORT+2, so those must exist too.
  const rawPort = env.PORT?.trim() || '8080';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65533) {
    console.error(
      `Invalid configuration: PORT must be a whole number from 1 to 65533 (the proxy's; the instances take PORT+1 and PORT+2), not "${rawPort}"`,
    );
    process.exit(1);
  }
  const dataDir = env.DATA_DIR?.trim() || './data';
  // The same young-generation size as `npm start` (decision 039): V8 takes it only at start.
  let nodeFlags: string[];
  try {
    nodeFlags = serverNodeFlags(env, []);
  } catch (err) {
    console.error(`Invalid configuration: ${(err as Error).message}`);
    process.exit(1);
  }
  const instances = [port + 1, port + 2].map((instancePort, i) => ({
    port: instancePort,
    child: spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...env,
        HOST,
        PORT: String(instancePort),
        // Spill files and the outbox are per instance: one must not replay another's.
        DATA_DIR: join(dataDir, `instance-${i + 1}`),
        PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
        TRUST_PROXY: env.TRUST_PROXY ?? HOST,
      },
    }),
  }));
  const proxy = startRoundRobinProxy(instances.map((i) => ({ host: HOST, port: i.port })));
  proxy.server.listen(port, env.HOST ?? '0.0.0.0', () => {
    console.log(
      `Tokenwise cluster: proxy on :${port} → instances on :${port + 1} and :${port + 2}`,
    );
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(instances.map(({ child }) => drain(child)));
    await proxy.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  // One instance gone is what the proxy's probe is for; both gone leaves nothing to serve.
  for (const { child } of instances)
    child.on('exit', () => {
      if (instances.every((i) => i.child.exitCode !== null || i.child.signalCode !== null))
        void stop();
    });
}

function drain(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

main();
