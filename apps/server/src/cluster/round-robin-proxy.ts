import { createServer, request, type Server } from 'node:http';

export interface Backend {
  host: string;
  port: number;
}

export interface RoundRobinProxy {
  server: Server;
  /** Backends whose /readyz answered 200 at the last probe. */
  ready(): Backend[];
  close(): Promise<void>;
}

const PROBE_EVERY_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

/**
 * The smallest load balancer that shows scale-out: each request goes to the next backend whose
 * /readyz said 200 (a draining or broken instance drops out within a second), bodies and streams
 * are piped both ways, and the client's address is passed on in X-Forwarded-For (the instances
 * trust it with TRUST_PROXY=127.0.0.1). A demo for one machine, not a production balancer.
 */
export function startRoundRobinProxy(backends: Backend[]): RoundRobinProxy {
  let healthy: Backend[] = [];
  let next = 0;

  const probe = async () => {
    const answers = await Promise.all(
      backends.map((b) =>
        fetch(`http://${b.host}:${b.port}/readyz`, {
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        })
          .then((res) => res.status === 200)
          .catch(() => false),
      ),
    );
    healthy = backends.filter((_, i) => answers[i]);
  };
  const timer = setInterval(() => void probe(), PROBE_EVERY_MS);
  void probe();

  const server = createServer((req, res) => {
    const backend = healthy[next++ % Math.max(1, healthy.length)];
    if (!backend) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ error: 'no_backend', message: 'No instance is ready yet.' }));
      return;
    }
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = request(
      {
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        res.headersSent
          ? undefined
          : JSON.stringify({ error: 'bad_gateway', message: 'The instance did not answer.' }),
      );
    });
    // A caller that goes away mid-stream frees the instance's request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });

  return {
    server,
    ready: () => healthy,
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
