import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number;
  /** Statuses to answer the next requests with, in order (then 200). */
  answerWith(...statuses: number[]): void;
  waitFor(count: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP server on a loopback address that records what it is sent. */
export async function startHttpReceiver(
  host = '127.0.0.1',
  handle?: (
    req: ReceivedRequest,
  ) => { status: number; headers?: Record<string, string> } | undefined,
): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiting: (() => void)[] = [];
  const statuses: number[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      const custom = handle?.(received);
      res.writeHead(custom?.status ?? statuses.shift() ?? 200, custom?.headers ?? {});
      res.end('ok');
      for (const wake of waiting.splice(0)) wake();
    });
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests,
    connections: () => connections,
    answerWith: (...s) => statuses.push(...s),
    async waitFor(count) {
      while (requests.length < count) await new Promise<void>((r) => waiting.push(r));
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
